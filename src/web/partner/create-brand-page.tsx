import { useQueryClient } from '@tanstack/react-query';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../lib/router';
import { toast } from '../lib/toast';
import { type BrandFormInput, createBrandBody } from '../../domain/contracts/partner/save-brand';
import { canManageBrand } from '../../domain/partner-access';
import { call } from '../lib/call';
import { endpoints } from '../lib/endpoints-partner.generated';
import { useDocumentTitle } from '../lib/use-document-title';
import { useFormErrors } from '../ui/use-form-errors';
import { Button } from '../ui/button';
import { Card, CardContent } from '../ui/card';
import { PageLoading, Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { TextareaField } from '../ui/textarea';
import { EmptyState } from '../ui/empty-state';
import { fieldErrors } from './field-errors';
import { ImageUpload } from './image-upload';
import { type PartnerBrand, messageOf, partnerKeys, useBrands } from './partner-api';
import { formatPhone } from '../../domain/phone';

const FIELDS = ['name', 'description', 'website', 'email', 'phone', 'logoUrl'] as const;

type Form = {
  name: string;
  description: string;
  website: string;
  email: string;
  phone: string;
  logoUrl: string | null;
};

function formOf(brand: PartnerBrand | undefined): Form {
  return {
    name: brand?.name ?? '',
    description: brand?.description ?? '',
    website: brand?.website ?? '',
    email: brand?.email ?? '',
    phone: brand?.phone ? formatPhone(brand.phone) : '',
    logoUrl: brand?.logoUrl ?? null,
  };
}

/** /partner/create-brand, and ?edit={brandId} to edit one (owner or admin). Back goes to /partner. */
export function CreateBrandPage() {
  const [params] = useSearchParams();
  const editId = params.get('edit');
  const brands = useBrands();
  useDocumentTitle(editId ? 'Edit Brand' : 'Create Brand');

  if (editId && brands.isPending) return <PageLoading />;
  const existing = editId ? brands.data?.find((b) => b.id === editId) : undefined;
  if (editId && (!existing || !canManageBrand(existing.role))) {
    return (
      <EmptyState
        title="Brand not found"
        action={
          <Link to="/partner" className="underline">
            Back to Dashboard
          </Link>
        }
      />
    );
  }
  return <BrandForm key={editId ?? 'new'} brand={existing} />;
}

function BrandForm({ brand }: { brand?: PartnerBrand }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(() => formOf(brand));
  // The toast says the save failed; each refused field shows under it.
  const { formRef, errors, busy, check, submit } = useFormErrors(FIELDS);
  const set = (key: keyof Form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body: BrandFormInput = { ...form };
    const parsed = createBrandBody.safeParse(body);
    if (!check(parsed.success ? {} : fieldErrors(parsed.error.issues))) return;
    await submit(
      async () => {
        const saveBody = { ...form, logoUrl: form.logoUrl ?? '' };
        const { brand: saved } = await (brand
          ? call(endpoints.partner.patchPartnerBrandsByBrandId, { params: { brandId: brand.id }, body: saveBody })
          : call(endpoints.partner.postPartnerBrands, { body: saveBody }));
        await queryClient.invalidateQueries({ queryKey: partnerKeys.brands });
        if (brand) {
          toast.success('Brand updated successfully');
          navigate('/partner');
        } else {
          toast.success('Brand created successfully', { description: `${saved.name} has been created.` });
          navigate(`/partner/create-site?brand=${saved.id}`);
        }
      },
      (error) =>
        toast.error(brand ? 'Error updating brand' : 'Error creating brand', { description: messageOf(error) }),
    );
  };

  return (
    <div className="mx-auto grid max-w-2xl gap-4">
      <Link
        to="/partner"
        className="inline-flex items-center gap-1 justify-self-start rounded-sm text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Dashboard
      </Link>
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{brand ? 'Edit Brand' : 'Create Brand'}</h1>
        <p className="text-muted-foreground">
          {brand
            ? `Change how ${brand.name} appears to customers.`
            : 'Your restaurant company: you become its owner and can add its locations next.'}
        </p>
      </div>
      <Card>
        <CardContent className="pt-6">
          <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-4">
            <TextField
              label="Brand name"
              value={form.name}
              onChange={set('name')}
              error={errors.name}
              required
              autoComplete="organization"
            />
            <TextareaField
              label="Description"
              optional
              value={form.description}
              onChange={set('description')}
              error={errors.description}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Website"
                optional
                type="url"
                inputMode="url"
                placeholder="https://"
                value={form.website}
                onChange={set('website')}
                error={errors.website}
              />
              <TextField
                label="Email"
                optional
                type="email"
                autoComplete="email"
                value={form.email}
                onChange={set('email')}
                error={errors.email}
              />
              <TextField
                label="Phone"
                optional
                type="tel"
                autoComplete="tel"
                value={form.phone}
                onChange={set('phone')}
                error={errors.phone}
              />
            </div>
            <ImageUpload
              label="Logo"
              purpose="brand_logo"
              value={form.logoUrl}
              onChange={(logoUrl) => setForm((f) => ({ ...f, logoUrl }))}
            />
            {errors.logoUrl ? (
              <p role="alert" className="text-sm text-destructive">
                {errors.logoUrl}
              </p>
            ) : null}
            <div className="flex gap-2">
              <Button type="submit" disabled={busy}>
                {busy ? <Spinner className="size-4 text-primary-foreground" /> : null}
                {brand ? 'Save Brand' : 'Create Brand'}
              </Button>
              <Button variant="ghost" onClick={() => navigate('/partner')}>
                Cancel
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
