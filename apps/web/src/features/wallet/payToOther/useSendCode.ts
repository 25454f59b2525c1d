import { useTranslation } from 'react-i18next';
import { useBusy } from '../../../shared/hooks/useBusy.ts';
import { useCountdown } from '../../../shared/hooks/useCountdown.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { walletApi } from '../shared/walletApi.ts';

/** The wait before another code can be mailed (the server keeps its own limit; this spares the user a refusal). */
export const CODE_COOLDOWN_SECONDS = 60;

/**
 * Mails the 4-digit payment code to the wallet's address, then counts 60 s down before another may be asked for. A
 * refusal (mail not configured, too many codes) is the server's message, shown by the request client.
 */
export function useSendCode() {
  const { t } = useTranslation();
  const { busy, run } = useBusy();
  const countdown = useCountdown();

  const send = (walletId: string) =>
    run(async () => {
      await walletApi.sendPayCode(walletId);
      countdown.start(CODE_COOLDOWN_SECONDS);
      toastSuccess(t('wallet.pay.codeSent'));
    });

  return { send, sending: busy, left: countdown.left };
}
