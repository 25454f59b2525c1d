import type { TokenResponse } from '@yuan/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../stores/session.ts';
import { applyProfileToSession } from './profileSession.ts';

const user = {
  user_id: '1',
  account: 'jane',
  user_name: 'jane',
  nick_name: 'Old',
  real_name: 'Old Name',
  avatar: '/img/avatar.png',
  tenant_id: '000000',
} as TokenResponse;

const values = {
  avatar: '/oss/000000/20250101/a.png',
  realName: 'Jane Doe',
  name: 'JD',
  phone: '',
  email: '',
};

beforeEach(() => {
  useSession.setState({ userInfo: user });
});

describe('profile → session', () => {
  it('updates the avatar and names the header shows', () => {
    applyProfileToSession(values);
    expect(useSession.getState().userInfo).toMatchObject({
      avatar: '/oss/000000/20250101/a.png',
      nick_name: 'JD',
      real_name: 'Jane Doe',
      account: 'jane',
    });
  });

  it('falls back to the real name, then the account, like the server token', () => {
    applyProfileToSession({ ...values, name: '' });
    expect(useSession.getState().userInfo?.nick_name).toBe('Jane Doe');
    applyProfileToSession({ ...values, name: '', realName: '' });
    expect(useSession.getState().userInfo?.nick_name).toBe('jane');
  });

  it('does nothing without a signed-in user', () => {
    useSession.setState({ userInfo: null });
    applyProfileToSession(values);
    expect(useSession.getState().userInfo).toBeNull();
  });
});
