import { useQuery } from '@tanstack/react-query';
import type { ListBrandsResponse, PartnerBrand } from '../../domain/contracts/partner/brands';
import type { UploadResponse } from '../../domain/contracts/uploads/upload-file';
import { isErrorBody } from '../../domain/errors';
import { ApiError, api } from '../lib/api';

/** Query keys of the partner console; a live event or a save invalidates by prefix. */
export const partnerKeys = {
  all: ['partner'] as const,
  brands: ['partner', 'brands'] as const,
  dashboard: (siteId: string | null) => ['partner', 'dashboard', siteId ?? 'all'] as const,
  site: (siteId: string) => ['partner', 'site', siteId] as const,
  menu: (siteId: string) => ['partner', 'menu', siteId] as const,
  orders: (siteId: string) => ['partner', 'orders', siteId] as const,
  invitations: (brandId: string) => ['partner', 'invitations', brandId] as const,
  staff: (brandId: string) => ['partner', 'staff', brandId] as const,
};

/** The brands the partner belongs to, each with the locations they may run. */
export function useBrands() {
  return useQuery({
    queryKey: partnerKeys.brands,
    queryFn: ({ signal }) => api<ListBrandsResponse>('/api/partner/brands', { signal }).then((r) => r.brands),
    staleTime: 30_000,
  });
}
export type { PartnerBrand };

/**
 * Uploads an image through POST /api/uploads (the server checks the content, resizes it and
 * answers with its address).
 */
export async function uploadImage(file: File, purpose: 'menu_image' | 'brand_logo'): Promise<UploadResponse> {
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(`/api/uploads?purpose=${purpose}`, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('NETWORK_ERROR', 'Failed to upload image', 0);
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (isErrorBody(data)) throw new ApiError(data.error.code, data.error.message, response.status);
    throw new ApiError(
      response.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INTERNAL',
      'Failed to upload image',
      response.status,
    );
  }
  return data as UploadResponse;
}

/** The error's own message for a toast description, else a fallback. */
export function messageOf(error: unknown, fallback = 'Please try again.'): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
