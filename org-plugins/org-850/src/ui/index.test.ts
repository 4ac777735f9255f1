import { describe, expect, it } from 'vitest';
import { resolveRules } from '@cpq/plugin-sdk';
import plugin from '../index.ts';
import ui from './index.ts';

describe("organisation 850's ./ui expose", () => {
  it('fills exactly the slots its rules declare, for its own organisation', () => {
    expect(ui.orgId).toBe(plugin.orgId);
    expect(Object.keys(ui.slots).sort()).toEqual([...resolveRules(plugin).ui.slots].sort());
  });
});
