import { defineResource } from '../resource.ts';

const common = { tenantScoped: true, readOnly: true, noAudit: true } as const;

export const apiLogResource = defineResource({
  ...common,
  name: 'logApi',
  basePath: '/api/yuan-log/api',
  table: 'yuan_log_api',
  perm: 'logApi',
  title: ['接口日志', 'API log'],
  fields: {
    method: { column: 'method', kind: 'string', label: ['请求方法', 'Method'], search: 'eq' },
    requestUri: { column: 'request_uri', kind: 'string', label: ['请求地址', 'Path'], search: 'like' },
    params: { column: 'params', kind: 'text', label: ['请求参数', 'Parameters'], list: false },
    status: { column: 'status', kind: 'int', label: ['状态码', 'Status'], search: 'eq' },
    time: { column: 'time', kind: 'int', label: ['耗时(毫秒)', 'Time (ms)'] },
    remoteIp: { column: 'remote_ip', kind: 'string', label: ['IP地址', 'IP'], search: 'like' },
    userAgent: { column: 'user_agent', kind: 'string', label: ['用户代理', 'User agent'], list: false },
    createBy: { column: 'create_by', kind: 'string', label: ['操作人', 'User'], search: 'like' },
  },
});

export const usualLogResource = defineResource({
  ...common,
  name: 'logUsual',
  basePath: '/api/yuan-log/usual',
  table: 'yuan_log_usual',
  perm: 'logUsual',
  title: ['通用日志', 'Usual log'],
  fields: {
    logLevel: { column: 'log_level', kind: 'string', label: ['日志级别', 'Level'], search: 'eq' },
    logId: { column: 'log_id', kind: 'string', label: ['日志事件', 'Event'], search: 'like' },
    logData: { column: 'log_data', kind: 'text', label: ['日志数据', 'Data'] },
    requestUri: { column: 'request_uri', kind: 'string', label: ['请求地址', 'Path'], list: false },
    remoteIp: { column: 'remote_ip', kind: 'string', label: ['IP地址', 'IP'] },
    createBy: { column: 'create_by', kind: 'string', label: ['操作人', 'User'], search: 'like' },
  },
});

export const errorLogResource = defineResource({
  ...common,
  name: 'logError',
  basePath: '/api/yuan-log/error',
  table: 'yuan_log_error',
  perm: 'logError',
  title: ['错误日志', 'Error log'],
  fields: {
    source: { column: 'source', kind: 'string', label: ['来源', 'Source'], search: 'eq' },
    type: { column: 'type', kind: 'string', label: ['错误类型', 'Type'], search: 'like' },
    method: { column: 'method', kind: 'string', label: ['请求方法', 'Method'] },
    requestUri: { column: 'request_uri', kind: 'string', label: ['请求地址', 'Path'], search: 'like' },
    message: { column: 'message', kind: 'text', label: ['错误信息', 'Message'] },
    stackTrace: { column: 'stack_trace', kind: 'text', label: ['堆栈', 'Stack'], list: false },
    info: { column: 'info', kind: 'text', label: ['附加信息', 'Info'], list: false },
    clientTime: { column: 'client_time', kind: 'string', label: ['发生时间', 'Time'], list: false },
    remoteIp: { column: 'remote_ip', kind: 'string', label: ['IP地址', 'IP'], list: false },
    createBy: { column: 'create_by', kind: 'string', label: ['操作人', 'User'], search: 'like' },
  },
});
