import { PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { WEBCHAT_TEXT_MAX } from '@yuan/contract/chat/webchat';
import { Button, Input } from 'antd';
import { type ChangeEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { putFile } from '../../shared/api/putFile.ts';
import { toastError } from '../../shared/ui/feedback.ts';
import type { Chat } from './useChat.ts';

/**
 * The message box: Enter sends, Shift+Enter starts a new line (and Enter while an input method is composing only
 * ends the composition). A file goes through put-file and is sent as a message of its own.
 */
export function Composer({ chat }: { chat: Chat }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [percent, setPercent] = useState<number | null>(null);
  const file = useRef<HTMLInputElement>(null);

  const submit = () => {
    if (!text.trim()) {
      return;
    }
    chat.send(text);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) {
      return;
    }
    setPercent(0);
    try {
      const stored = await putFile(chosen, chosen.name, setPercent);
      chat.send('', { attachId: stored.attachId, name: stored.originalName || chosen.name });
    } catch (error) {
      toastError(error instanceof Error ? error.message : String(error));
    } finally {
      setPercent(null);
    }
  };

  return (
    <div className="webchat__composer">
      <Input.TextArea
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          chat.typing();
        }}
        onKeyDown={onKeyDown}
        autoSize={{ minRows: 2, maxRows: 6 }}
        maxLength={WEBCHAT_TEXT_MAX}
        placeholder={t('webchat.placeholder')}
        aria-label={t('webchat.placeholder')}
        data-testid="webchat-input"
      />
      <div className="webchat__composer-actions">
        <Button
          icon={<PaperClipOutlined />}
          loading={percent !== null}
          onClick={() => file.current?.click()}
          aria-label={t('webchat.attach')}
          data-testid="webchat-attach"
        >
          {percent !== null ? t('webchat.uploading', { percent }) : t('webchat.attach')}
        </Button>
        <input ref={file} type="file" hidden onChange={onFile} data-testid="webchat-file" />
        <Button
          type="primary"
          icon={<SendOutlined />}
          disabled={!text.trim()}
          onClick={submit}
          data-testid="webchat-send"
        >
          {t('webchat.send')}
        </Button>
      </div>
    </div>
  );
}
