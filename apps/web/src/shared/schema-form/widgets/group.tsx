import { Button } from 'antd';
import { useState } from 'react';
import { useTexts } from '../texts.ts';
import type { SectionProps, WidgetDef } from '../types.ts';
import '../schema-form.css';

/**
 * A titled section of fields whose values sit beside the form's other values. With its arrow it folds; folded
 * fields stay in the form (hidden, not removed), so their values are still submitted.
 */
export function GroupSection({ field, name, renderFields }: SectionProps) {
  const t = useTexts();
  const [open, setOpen] = useState(field.collapse !== false);
  return (
    <section className="schema-form-group" data-testid={`schema-group-${field.prop}`}>
      <div className="schema-form-group__title">
        <span>{field.label}</span>
        {field.arrow === false ? null : (
          <Button type="link" size="small" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? t('schemaForm.collapse') : t('schemaForm.expand')}
          </Button>
        )}
      </div>
      <div hidden={!open}>{renderFields(field.children?.column ?? [], name.slice(0, -1))}</div>
    </section>
  );
}

export const groupWidget: WidgetDef = { Section: GroupSection };
