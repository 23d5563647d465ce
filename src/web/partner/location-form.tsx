import type { SiteDetail } from '../../domain/contracts/partner/sites';
import { parsePriceInput, penceToInput } from '../../domain/menu';
import { TextField } from '../ui/text-field';
import { TextareaField } from '../ui/textarea';
import { formatPhone } from '../../domain/phone';

/** The location fields as typed (money in pounds, numbers as text). */
export type LocationForm = {
  name: string;
  address: string;
  city: string;
  postcode: string;
  description: string;
  phone: string;
  email: string;
  lat: string;
  lng: string;
  deliveryFee: string;
  deliveryRadius: string;
};

export function locationFormOf(site?: SiteDetail): LocationForm {
  return {
    name: site?.name ?? '',
    address: site?.address ?? '',
    city: site?.city ?? '',
    postcode: site?.postcode ?? '',
    description: site?.description ?? '',
    phone: site?.phone ? formatPhone(site.phone) : '',
    email: site?.email ?? '',
    lat: site?.lat != null ? String(site.lat) : '',
    lng: site?.lng != null ? String(site.lng) : '',
    deliveryFee: site ? penceToInput(site.deliveryFeeMinor) : '0.00',
    deliveryRadius: site ? String(site.deliveryRadiusKm) : '5.0',
  };
}

/** Whether the required fields (name, address, city) are filled. */
export function hasRequired(f: LocationForm): boolean {
  return !!(f.name.trim() && f.address.trim() && f.city.trim());
}

/** The form as an API body: pounds to pence (rounded), blank coordinates omitted. */
export function locationBody(f: LocationForm) {
  const num = (s: string) => (s.trim() === '' ? null : Number(s));
  const lat = num(f.lat);
  const lng = num(f.lng);
  return {
    name: f.name,
    address: f.address,
    city: f.city,
    postcode: f.postcode,
    description: f.description,
    phone: f.phone,
    email: f.email,
    ...(lat !== null || lng !== null ? { lat, lng } : {}),
    // A fee that is not a pounds amount is sent as -1, so the contract's message names the rule.
    deliveryFeeMinor: f.deliveryFee.trim() === '' ? 0 : (parsePriceInput(f.deliveryFee) ?? -1),
    deliveryRadiusKm: num(f.deliveryRadius) ?? 5,
  };
}

/** The location fields by their body names, so a refusal the server names lands on its field. */
export const LOCATION_FIELDS = [
  'name',
  'description',
  'address',
  'city',
  'postcode',
  'phone',
  'email',
  'lat',
  'lng',
  'deliveryFeeMinor',
  'deliveryRadiusKm',
] as const;
export type LocationField = (typeof LOCATION_FIELDS)[number];

/** The Add Location / Edit Location fields. */
export function LocationFields({
  form,
  setForm,
  errors,
}: {
  form: LocationForm;
  setForm: (update: (f: LocationForm) => LocationForm) => void;
  errors: Partial<Record<LocationField, string>>;
}) {
  const set = (key: keyof LocationForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  return (
    <div className="grid gap-4">
      <TextField
        label="Location name"
        value={form.name}
        onChange={set('name')}
        error={errors.name}
        required
        placeholder="Main Branch"
      />
      <TextareaField
        label="Description"
        optional
        value={form.description}
        onChange={set('description')}
        error={errors.description}
      />
      <TextField
        label="Address"
        value={form.address}
        onChange={set('address')}
        error={errors.address}
        required
        autoComplete="street-address"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="City"
          value={form.city}
          onChange={set('city')}
          error={errors.city}
          required
          autoComplete="address-level2"
        />
        <TextField
          label="Postcode"
          optional
          value={form.postcode}
          onChange={set('postcode')}
          error={errors.postcode}
          autoComplete="postal-code"
          hint="Places the location on the map when no coordinates are given."
        />
        <TextField label="Phone" optional type="tel" value={form.phone} onChange={set('phone')} error={errors.phone} />
        <TextField
          label="Email"
          optional
          type="email"
          value={form.email}
          onChange={set('email')}
          error={errors.email}
        />
        <TextField
          label="Latitude"
          optional
          type="number"
          step="any"
          min={-90}
          max={90}
          value={form.lat}
          onChange={set('lat')}
          error={errors.lat}
        />
        <TextField
          label="Longitude"
          optional
          type="number"
          step="any"
          min={-180}
          max={180}
          value={form.lng}
          onChange={set('lng')}
          error={errors.lng}
        />
        <TextField
          label="Delivery fee (£)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={form.deliveryFee}
          onChange={set('deliveryFee')}
          error={errors.deliveryFeeMinor}
        />
        <TextField
          label="Delivery radius (km)"
          type="number"
          inputMode="decimal"
          min={0.5}
          max={20}
          step={0.1}
          value={form.deliveryRadius}
          onChange={set('deliveryRadius')}
          error={errors.deliveryRadiusKm}
          hint="0.5 to 20 km"
        />
      </div>
    </div>
  );
}
