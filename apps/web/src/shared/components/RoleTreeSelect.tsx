import { TreeSelect, type TreeSelectProps } from 'antd';
import { useSource } from '../crud/sources.ts';

/**
 * The tenant's roles as a searchable multi-select tree: who may call a service, who may view a report. A form item
 * hands it the value and the change handler.
 */
export function RoleTreeSelect(props: TreeSelectProps) {
  const roles = useSource('roleTree');
  return (
    <TreeSelect
      multiple
      allowClear
      showSearch
      treeDefaultExpandAll
      treeNodeFilterProp="title"
      treeData={roles.data ?? []}
      loading={roles.isLoading}
      {...props}
    />
  );
}
