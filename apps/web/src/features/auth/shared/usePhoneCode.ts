import { useEffect, useState } from 'react';
import { sendPhoneCode } from '../../../shared/api/auth.ts';
import { RESEND_SECONDS } from './phoneRules.ts';

/** Sends the sign-in code and counts down until another may be asked for (the server allows one a minute). */
export function usePhoneCode() {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (left <= 0) {
      return;
    }
    const timer = window.setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  const send = async (tenantId: string, phone: string): Promise<boolean> => {
    setSending(true);
    try {
      await sendPhoneCode(tenantId, phone);
      setLeft(RESEND_SECONDS);
      return true;
    } catch {
      // The request client showed the server's message.
      return false;
    } finally {
      setSending(false);
    }
  };
  return { left, sending, send };
}
