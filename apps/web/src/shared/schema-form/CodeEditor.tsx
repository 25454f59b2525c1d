import { javascript } from '@codemirror/lang-javascript';
import CodeMirror from '@uiw/react-codemirror';

const extensions = [javascript()];

interface CodeEditorProps {
  id?: string;
  value: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  readOnly?: boolean;
  height?: string;
}

/** JavaScript in CodeMirror 6; loaded on demand (its own chunk) by the script field. */
export function CodeEditor({
  id,
  value,
  onChange,
  onBlur,
  placeholder,
  readOnly,
  height = '200px',
}: CodeEditorProps) {
  return (
    <CodeMirror
      id={id}
      value={value}
      height={height}
      extensions={extensions}
      onChange={(next) => onChange?.(next)}
      onBlur={onBlur}
      placeholder={placeholder}
      readOnly={readOnly}
      editable={!readOnly}
      style={{ border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden' }}
    />
  );
}
