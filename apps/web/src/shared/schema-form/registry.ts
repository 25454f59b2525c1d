import type { WidgetDef } from './types.ts';
import { arrayWidget } from './widgets/array.tsx';
import { cascaderWidget } from './widgets/cascader.tsx';
import { checkboxWidget } from './widgets/checkbox.tsx';
import { checkTreeWidget } from './widgets/checkTree.tsx';
import { colorWidget } from './widgets/color.tsx';
import { dateWidget } from './widgets/date.tsx';
import { daterangeWidget } from './widgets/daterange.tsx';
import { datetimeWidget } from './widgets/datetime.tsx';
import { datetimerangeWidget } from './widgets/datetimerange.tsx';
import { dynamicWidget } from './widgets/dynamic.tsx';
import { entityWidget } from './widgets/entity.tsx';
import { groupWidget } from './widgets/group.tsx';
import { imgWidget } from './widgets/img.tsx';
import { inputWidget } from './widgets/input.tsx';
import { mapWidget } from './widgets/map.tsx';
import { monthWidget } from './widgets/month.tsx';
import { numberWidget } from './widgets/number.tsx';
import { passwordWidget } from './widgets/password.tsx';
import { radioWidget } from './widgets/radio.tsx';
import { rateWidget } from './widgets/rate.tsx';
import { scriptWidget } from './widgets/script.tsx';
import { selectWidget } from './widgets/select.tsx';
import { sliderWidget } from './widgets/slider.tsx';
import { switchWidget } from './widgets/switch.tsx';
import { textareaWidget } from './widgets/textarea.tsx';
import { timeWidget } from './widgets/time.tsx';
import { timerangeWidget } from './widgets/timerange.tsx';
import { treeWidget } from './widgets/tree.tsx';
import { ueditorWidget } from './widgets/ueditor.tsx';
import { uploadWidget } from './widgets/upload.tsx';
import { urlWidget } from './widgets/url.tsx';
import { weekWidget } from './widgets/week.tsx';
import { yearWidget } from './widgets/year.tsx';

/**
 * The one widget registry: a field type's widget is `widgets/<type>.tsx`, registered by one line here. The SPEC §3
 * types come first; `checkTree` serves the system screens only.
 */
export const widgets: Readonly<Record<string, WidgetDef>> = {
  group: groupWidget,
  dynamic: dynamicWidget,
  input: inputWidget,
  password: passwordWidget,
  textarea: textareaWidget,
  number: numberWidget,
  url: urlWidget,
  array: arrayWidget,
  img: imgWidget,
  radio: radioWidget,
  checkbox: checkboxWidget,
  select: selectWidget,
  cascader: cascaderWidget,
  tree: treeWidget,
  entity: entityWidget,
  upload: uploadWidget,
  year: yearWidget,
  month: monthWidget,
  week: weekWidget,
  date: dateWidget,
  time: timeWidget,
  datetime: datetimeWidget,
  daterange: daterangeWidget,
  timerange: timerangeWidget,
  datetimerange: datetimerangeWidget,
  ueditor: ueditorWidget,
  map: mapWidget,
  switch: switchWidget,
  rate: rateWidget,
  slider: sliderWidget,
  color: colorWidget,
  script: scriptWidget,
  checkTree: checkTreeWidget,
};

/** The widget of a type; a missing or unknown type is a text input (as the designer treats it). */
export function widgetOf(type: string | undefined): WidgetDef {
  return widgets[type ?? 'input'] ?? inputWidget;
}
