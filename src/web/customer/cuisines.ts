/** The home page's cuisine options (docs/product/customer.md#home). */
export const CUISINE_OPTIONS = [
  { value: 'all', label: 'All cuisines' },
  { value: 'Turkish', label: 'Turkish' },
  { value: 'Middle Eastern', label: 'Middle Eastern' },
  { value: 'Lebanese', label: 'Lebanese' },
  { value: 'Pakistani', label: 'Pakistani' },
  { value: 'Indian', label: 'Indian' },
  { value: 'Moroccan', label: 'Moroccan' },
  { value: 'Mediterranean', label: 'Mediterranean' },
  { value: 'South Asian', label: 'South Asian' },
  { value: 'North African', label: 'North African' },
] as const;
