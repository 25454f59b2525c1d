export { type HostItem, SchemaContext, type SchemaContextValue } from './context.ts';
export { type OptionNode, useFieldOptions } from './options.ts';
export { defaultValues, prepareFields } from './prepare.ts';
export { widgetOf, widgets } from './registry.ts';
export { fieldRules } from './rules.ts';
export { FieldControl, SchemaFields, SchemaItem } from './SchemaFields.tsx';
export { SchemaForm, type SchemaFormProps } from './SchemaForm.tsx';
export type { FieldName, SectionProps, WidgetDef, WidgetProps } from './types.ts';
export { CheckTree } from './widgets/checkTree.tsx';
