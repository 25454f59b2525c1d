import type { FieldSize, FormField } from '@yuan/contract/lowcode/form-json';
import type { SizeType } from 'antd/es/config-provider/SizeContext';

/** A list value as the widget holds it: a stored comma-joined string or a single value become a list. */
export function toList(value: unknown, field: FormField): (string | number)[] {
  let list: unknown[];
  if (Array.isArray(value)) {
    list = value;
  } else if (typeof value === 'string') {
    list = value === '' ? [] : value.split(',');
  } else if (value === undefined || value === null) {
    list = [];
  } else {
    list = [value];
  }
  return list.map((item) => (field.dataType === 'number' ? Number(item) : (item as string | number)));
}

/** A list as the field stores it (SPEC §3 dataType): 'string' joins with ',', 'number' makes numbers. */
export function fromList(list: readonly unknown[], field: FormField): unknown {
  if (field.dataType === 'string') {
    return list.map(String).join(',');
  }
  if (field.dataType === 'number') {
    return list.map(Number);
  }
  return [...list];
}

/** Nothing, blank text, an empty list or a range without ends. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) {
    return true;
  }
  if (typeof value === 'string') {
    return value.trim() === '';
  }
  if (Array.isArray(value)) {
    return value.length === 0 || value.every((item) => item === null || item === undefined || item === '');
  }
  return false;
}

/** avue sizes in antd terms: medium is antd's middle, mini has no smaller antd size than small. */
export function antdSize(size: FieldSize | undefined): SizeType {
  if (size === undefined) {
    return undefined;
  }
  return size === 'medium' ? 'middle' : 'small';
}
