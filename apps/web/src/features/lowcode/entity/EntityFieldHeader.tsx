import { useTranslation } from 'react-i18next';

/**
 * The names of the field list's columns, on the grid the rows use (entityEditor.css), so each stands over its
 * inputs. The rows' inputs carry the same names as their labels; this only shows them once instead of in each row.
 */
export function EntityFieldHeader() {
  const { t } = useTranslation();
  const columns = [
    { name: t('lowcode.field.eleNo'), required: true },
    { name: t('lowcode.field.eleName'), required: true },
    { name: t('lowcode.field.dataTyp'), required: true },
    { name: t('lowcode.field.required') },
    { name: t('lowcode.field.min') },
    { name: t('lowcode.field.max') },
    { name: t('lowcode.field.unique') },
    { name: t('lowcode.field.defNo') },
    { name: t('lowcode.field.dictCode') },
    { name: t('lowcode.field.refEntId') },
    { name: t('crud.actions') },
  ];
  return (
    <div className="entity-field-grid entity-field-header" data-testid="entity-field-header">
      {columns.map(({ name, required }) => (
        <div
          key={name}
          className={required ? 'entity-field-heading entity-field-heading-required' : 'entity-field-heading'}
          title={name}
        >
          {name}
        </div>
      ))}
    </div>
  );
}
