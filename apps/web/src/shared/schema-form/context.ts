import type { Rule } from 'antd/es/form';
import type { NamePath } from 'antd/es/form/interface';
import { createContext, type ReactElement, type ReactNode, useContext } from 'react';

/** What a host screen adds to one field's item beyond the form JSON: things of the page, not of the data. */
export interface HostItem {
  /** The control's `data-testid`, which the screen's tests and the browser tests find it by. */
  testId?: string;
  /** What the browser may fill in (`name`, `email`, `off`…): a property of the page, not of the data. */
  autoComplete?: string;
  /** Which on-screen keyboard a phone shows. */
  inputMode?: 'text' | 'tel' | 'email' | 'numeric' | 'decimal' | 'url';
  /**
   * The screen's own control in place of the type's widget (a choice offered from what another field picked, an
   * avatar cropped before upload): label, grid, rules and value binding stay the renderer's.
   */
  control?: ReactElement;
  /** A hint under the field. */
  extra?: ReactNode;
  /** A hint behind a mark beside the label. */
  tooltip?: ReactNode;
  /** Fields whose change checks this one again (a confirmation). */
  dependencies?: NamePath[];
  /** When the field is checked, where the type's default (typed on blur, picked on change) is not the screen's. */
  validateTrigger?: string | string[];
}

export interface SchemaContextValue {
  /** Rules a host gives instead of the generated ones, by prop (a system dialog's exact SPEC §5 texts). */
  rules?: Partial<Record<string, Rule[]>>;
  /** The host's additions by prop. */
  items?: Partial<Record<string, HostItem>>;
  /** Space between grid columns (px). */
  gutter: number;
}

export const SchemaContext = createContext<SchemaContextValue>({ gutter: 0 });

export function useSchemaContext(): SchemaContextValue {
  return useContext(SchemaContext);
}
