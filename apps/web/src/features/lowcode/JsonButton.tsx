import { CodeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { JsonDrawer } from './JsonDrawer.tsx';

interface JsonButtonProps {
  /** The button's test id; the drawer's text is `${testId}-text`. */
  testId: string;
  /** The button's text and the drawer's title. */
  title: string;
  /** The design as it will be saved; read only while the drawer is open. */
  json: () => unknown;
}

/** A designer's toolbar button that shows the design's JSON in a drawer. */
export function JsonButton({ testId, title, json }: JsonButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button data-testid={testId} icon={<CodeOutlined />} onClick={() => setOpen(true)}>
        {title}
      </Button>
      <JsonDrawer
        open={open}
        text={open ? JSON.stringify(json(), null, 2) : ''}
        title={title}
        testId={`${testId}-text`}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
