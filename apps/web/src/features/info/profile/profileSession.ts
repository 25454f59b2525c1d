import { useSession } from '../../../stores/session.ts';
import type { ProfileValues } from './api.ts';

/**
 * Mirrors saved profile values into the session's userInfo, so the header avatar and name change at once instead of
 * after the next login. The name follows the server's token rule: nickname, else real name, else account.
 */
export function applyProfileToSession(values: ProfileValues): void {
  useSession.setState((state) => {
    const user = state.userInfo;
    if (!user) {
      return {};
    }
    return {
      userInfo: {
        ...user,
        avatar: values.avatar,
        real_name: values.realName,
        nick_name: values.name || values.realName || user.account,
      },
    };
  });
}
