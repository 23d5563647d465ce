import { Histogram, type Metric, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { REQUEST_BUCKETS, RequestHistogram, observeRequest } from './metrics';

/** The same observations in prom-client's own Histogram and in ours, each in a registry of its own. */
function both() {
  const ours = new RequestHistogram();
  const oursRegistry = new Registry();
  oursRegistry.registerMetric(ours as unknown as Metric<string>);
  const theirsRegistry = new Registry();
  const theirs = new Histogram({
    name: ours.name,
    help: ours.help,
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [theirsRegistry],
  });
  const observe = (route: string, method: string, statusClass: string, seconds: number) => {
    observeRequest(ours.series(route, method, statusClass), seconds);
    theirs.labels({ route, method, status_class: statusClass }).observe(seconds);
  };
  return { ours, oursRegistry, theirsRegistry, observe };
}

describe('the request histogram', () => {
  it("writes the exposition text prom-client's Histogram writes for the same observations", async () => {
    const { oursRegistry, theirsRegistry, observe } = both();
    expect(await oursRegistry.metrics()).toBe(await theirsRegistry.metrics());
    // Below the first bound, on bounds (a value equal to a bound is in that bucket), between, above the last.
    for (const seconds of [0, 0.0001, 0.005, 0.0051, 0.01, 0.149, 0.15, 0.7, 2.5, 9.99, 10, 10.5, 120])
      observe('/api/restaurants/search', 'GET', '2xx', seconds);
    observe('/api/restaurants/search', 'HEAD', '2xx', 0.002);
    observe('/api/orders/:orderNumber', 'GET', '4xx', 0.03);
    observe('unmatched', 'GET', '4xx', 0.001);
    observe('/api/orders', 'POST', '5xx', 1.2);
    const text = await oursRegistry.metrics();
    expect(text).toBe(await theirsRegistry.metrics());
    expect(text).toContain(
      'halalnosh_http_request_duration_seconds_bucket{le="0.005",route="/api/restaurants/search",method="GET",status_class="2xx"} 3',
    );
    expect(text).toContain(
      'halalnosh_http_request_duration_seconds_count{route="/api/restaurants/search",method="GET",status_class="2xx"} 13',
    );
  });

  it('gives the JSON form the same samples as prom-client', async () => {
    const { oursRegistry, theirsRegistry, observe } = both();
    observe('/api/cities', 'GET', '2xx', 0.004);
    observe('/api/cities', 'GET', '2xx', 0.3);
    const samples = async (r: Registry) =>
      (await r.getMetricsAsJSON()).flatMap((m) =>
        m.values.map((v) => ({ labels: v.labels, value: v.value, name: (v as { metricName?: string }).metricName })),
      );
    expect(await samples(oursRegistry)).toEqual(await samples(theirsRegistry));
  });

  it('keeps each series after a reset, zeroed, so a route that holds it records again', async () => {
    const { ours, oursRegistry } = both();
    const series = ours.series('/api/cities', 'GET', '2xx');
    observeRequest(series, 0.02);
    oursRegistry.resetMetrics();
    expect(ours.series('/api/cities', 'GET', '2xx')).toBe(series);
    observeRequest(series, 0.2);
    const text = await oursRegistry.metrics();
    expect(text).toContain(
      'halalnosh_http_request_duration_seconds_count{route="/api/cities",method="GET",status_class="2xx"} 1',
    );
    expect(text).toContain(
      'halalnosh_http_request_duration_seconds_sum{route="/api/cities",method="GET",status_class="2xx"} 0.2',
    );
  });
});
