import { describe, expect, it } from 'vitest';
import { prepareMenu } from '../../shared/menu/rules.ts';
import { landingPath, WALLET_HOME } from './landing.ts';
import { menuNode as node } from '../../test/menuNode.ts';

describe('landing after sign-in', () => {
  it('is the wallet first page when the menus route it', () => {
    const menus = prepareMenu(
      [node('generic', '/yuan/generic', [node('wallet0', '/yuan/generic/wallet0')])],
      [],
    );
    expect(WALLET_HOME).toBe('/yuan/generic/wallet0/index');
    expect(landingPath(menus)).toBe('/yuan/generic/wallet0/index');
  });

  it('is the welcome page otherwise', () => {
    const menus = prepareMenu([node('system', '/system', [node('param', '/system/param')])], []);
    expect(landingPath(menus)).toBe('/wel/index');
    expect(landingPath([])).toBe('/wel/index');
  });
});
