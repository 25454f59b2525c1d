import type { Rule } from 'antd/es/form';
import { createContext, useContext } from 'react';

export interface SchemaContextValue {
  /** Rules a host gives instead of the generated ones, by prop (a system dialog's exact SPEC §5 texts). */
  rules?: Partial<Record<string, Rule[]>>;
  /** Space between grid columns (px). */
  gutter: number;
}

export const SchemaContext = createContext<SchemaContextValue>({ gutter: 0 });

export function useSchemaContext(): SchemaContextValue {
  return useContext(SchemaContext);
}
