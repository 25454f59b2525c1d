import { InboxOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { FormField } from '@yuan/contract/lowcode/form-json';
import { Button, Upload, type UploadFile, type UploadProps } from 'antd';
import { useRef, useState } from 'react';
import { RequestError } from '../../api/http.ts';
import { putFile } from '../../api/putFile.ts';
import { toastError } from '../../ui/feedback.ts';
import { useTexts } from '../texts.ts';
import type { WidgetDef, WidgetProps } from '../types.ts';
import { refusalOf, uploadPath } from '../uploadChecks.ts';
import { fromList, toList } from '../values.ts';
import { applyCanvasOption } from '../watermark.ts';

/** One file at most: multiple off, a limit of 1, or the single-image look. */
export function isSingle(field: FormField): boolean {
  return field.multiple === false || field.limit === 1 || field.listType === 'picture-img';
}

function asFile(link: string): UploadFile {
  return { uid: link, name: decodeURIComponent(link.split('/').pop() ?? link), status: 'done', url: link };
}

/** The link in put-file's answer: propsHttp.url names its key (default 'link'). */
function linkOf(result: object, field: FormField): string {
  const value = (result as Record<string, unknown>)[field.propsHttp?.url ?? 'link'];
  return typeof value === 'string' ? value : '';
}

/**
 * Files posted to put-file (or the field's `action`) as they are chosen; the value is the link, or the list of
 * links (joined per dataType). accept, filesize (KB) and limit are checked before anything is sent; an image gets
 * the canvasOption watermark first.
 */
export function UploadWidget({ field, id, value, onChange, disabled, readOnly }: WidgetProps) {
  const t = useTexts();
  const single = isSingle(field);
  const links = toList(value, field).map(String);
  const latest = useRef(links);
  latest.current = links;
  const inFlight = useRef(0);
  const [pending, setPending] = useState<UploadFile[]>([]);

  const emit = (next: string[]) => {
    latest.current = next;
    onChange?.(single ? next[next.length - 1] : fromList(next, field));
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    const held = single ? 0 : latest.current.length + inFlight.current + batch.indexOf(file);
    const refusal = refusalOf(file, field, held, t);
    if (refusal) {
      toastError(refusal);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    const chosen = file as File;
    inFlight.current += 1;
    applyCanvasOption(chosen, field.canvasOption)
      .then((ready) =>
        putFile(ready, ready.name, (percent) => onProgress?.({ percent }), uploadPath(field.action)),
      )
      .then((result) => {
        inFlight.current -= 1;
        onSuccess?.(result);
        emit(single ? [linkOf(result, field)] : [...latest.current, linkOf(result, field)]);
      })
      .catch((error: unknown) => {
        inFlight.current -= 1;
        const message = error instanceof RequestError ? error.message : String(error);
        toastError(t('schemaForm.uploadFailed', { name: chosen.name, message }));
        onError?.(error instanceof Error ? error : new Error(message));
      });
  };

  const locked = Boolean(disabled || readOnly);
  const card = field.listType === 'picture-card' || field.listType === 'picture-img';
  // A single image card is replaced by removing it; a list stops offering more at its limit.
  const held = links.length + pending.length;
  const full = single ? card && held > 0 : Boolean(field.limit && held >= field.limit);
  const props: UploadProps = {
    id,
    accept: field.accept,
    multiple: !single,
    listType: card ? 'picture-card' : field.listType === 'picture' ? 'picture' : 'text',
    showUploadList: field.showFileList !== false ? { showRemoveIcon: !locked } : false,
    fileList: [...links.map(asFile), ...pending],
    disabled: locked,
    beforeUpload,
    customRequest,
    onChange: ({ fileList }) =>
      setPending(fileList.filter((f) => f.status === 'uploading' || f.status === 'error')),
    onRemove: (file) => {
      if (file.url && latest.current.includes(file.url)) {
        emit(latest.current.filter((link) => link !== file.url));
      }
      return true;
    },
  };
  if (field.drag) {
    return (
      <Upload.Dragger {...props}>
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t('schemaForm.dragUpload')}</p>
      </Upload.Dragger>
    );
  }
  if (full || locked) {
    return <Upload {...props} />;
  }
  return (
    <Upload {...props}>
      {card ? (
        <PlusOutlined aria-label={t('schemaForm.upload')} />
      ) : (
        <Button icon={<UploadOutlined />}>{t('schemaForm.upload')}</Button>
      )}
    </Upload>
  );
}

export const uploadWidget: WidgetDef = { Widget: UploadWidget, choice: true };
