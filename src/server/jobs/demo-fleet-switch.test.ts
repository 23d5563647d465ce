import { afterEach, describe, expect, it, vi } from 'vitest';
import { type TestApp, createTestApp } from '../test/test-app';
import type * as fleet from './demo-fleet';
import { startDemoFleet } from './demo-fleet';

vi.mock('./demo-fleet', async (original) => ({
  ...(await original<typeof fleet>()),
  startDemoFleet: vi.fn(() => async () => undefined),
}));

let app: TestApp | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
  vi.mocked(startDemoFleet).mockClear();
});

describe('the DEMO_FLEET switch', () => {
  it('keeps the demo fleet off by default, even with the sweepers running', async () => {
    app = await createTestApp({ sweepers: true });
    expect(app.app.deps.config.demoFleet).toBe(false);
    expect(startDemoFleet).not.toHaveBeenCalled();
  });

  it('starts the demo fleet only when DEMO_FLEET=1', async () => {
    app = await createTestApp({ sweepers: true, demoFleet: true });
    expect(startDemoFleet).toHaveBeenCalledTimes(1);
  });
});
