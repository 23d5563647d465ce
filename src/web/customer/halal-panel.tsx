import { useQuery } from '@tanstack/react-query';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { HALAL_SCOPE_LABELS, SLAUGHTER_METHOD_LABELS } from '../../domain/halal-facts';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints.generated';
import { formatDate } from '../lib/format';
import { HalalConcernButton } from './halal-concern-dialog';

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

/**
 * "Halal details" on the restaurant page (docs/decisions/0070-halal-trust.md): why this restaurant is called halal — its
 * status with the product's label, the current certificate, the declared facts, halal items when
 * only some are, and the public history. A name containing "halal" implies nothing here.
 */
/** The restaurant's halal details, shared by the panel and the menu's per-item marks (one request). */
export function useHalalDetails(slug: string) {
  return useQuery({
    queryKey: ['restaurant', slug, 'halal'],
    queryFn: ({ signal }) => call(endpoints.halal.getRestaurantsBySlugHalal, { params: { slug }, signal }),
    retry: 1,
  });
}

export function HalalPanel({ slug, items }: { slug: string; items: { id: string; name: string }[] }) {
  const details = useHalalDetails(slug);
  if (!details.data) return null;
  const d = details.data;
  const halalItems = items.filter((i) => d.halalItemIds.includes(i.id));
  return (
    <section aria-labelledby="halal-details-heading" className="grid gap-4 rounded-xl border bg-card p-5">
      <h2 id="halal-details-heading" className="flex items-center gap-2 text-xl font-semibold">
        <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
        Halal details
      </h2>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium">Status</dt>
          <dd>{d.statusLabel}</dd>
        </div>
        <div>
          <dt className="font-medium">Last verified</dt>
          <dd>{d.lastVerifiedAt ? formatDate(d.lastVerifiedAt) : 'Not verified by HalalNosh'}</dd>
        </div>
        {d.certificate ? (
          <>
            <div>
              <dt className="font-medium">Certifying body</dt>
              <dd>{d.certificate.certifyingBodyName}</dd>
            </div>
            <div>
              <dt className="font-medium">Certificate number</dt>
              <dd>{d.certificate.certificateNumber}</dd>
            </div>
            <div>
              <dt className="font-medium">Valid until</dt>
              <dd>{formatDate(d.certificate.expiresOn)}</dd>
            </div>
          </>
        ) : (
          <div className="sm:col-span-2">
            <dt className="font-medium">Certificate</dt>
            <dd>No current certificate checked by HalalNosh.</dd>
          </div>
        )}
        {d.facts ? (
          <>
            <div>
              <dt className="font-medium">Alcohol served on the premises</dt>
              <dd>{yesNo(d.facts.alcoholServed)}</dd>
            </div>
            <div>
              <dt className="font-medium">Pork on the premises</dt>
              <dd>{yesNo(d.facts.porkOnPremises)}</dd>
            </div>
            <div>
              <dt className="font-medium">Meat slaughter method (as declared)</dt>
              <dd>{SLAUGHTER_METHOD_LABELS[d.facts.slaughterMethod]}</dd>
            </div>
            <div>
              <dt className="font-medium">Menu</dt>
              <dd>{HALAL_SCOPE_LABELS[d.facts.halalScope]}</dd>
            </div>
          </>
        ) : (
          <div className="sm:col-span-2">
            <dt className="font-medium">Declared facts</dt>
            <dd>The restaurant has not declared its halal facts yet.</dd>
          </div>
        )}
      </dl>
      {d.facts?.halalScope === 'some_items' ? (
        <div className="text-sm">
          <h3 className="font-medium">Halal items</h3>
          {halalItems.length ? (
            <ul className="list-inside list-disc">
              {halalItems.map((i) => (
                <li key={i.id}>{i.name} (halal)</li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">No items are marked halal.</p>
          )}
        </div>
      ) : null}
      {d.history.length ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">Halal history</summary>
          <ol className="mt-2 grid gap-1">
            {d.history.map((h) => (
              <li key={h.at}>
                {formatDate(h.at)}: {h.statusLabel}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      <div>
        <HalalConcernButton slug={slug} />
      </div>
    </section>
  );
}
