/**
 * The seven sample branches: the web app's built-in fallback when search or the branch lookup fails
 * (docs/product/customer.md#sample-fallback). The demo database seeds the same rows with the same ids, so both always agree.
 * Pure data on purpose: the browser bundles this file.
 */

export type SampleMenuItem = {
  id: string;
  name: string;
  description: string;
  priceMinor: number;
  category: string;
  isVegetarian?: boolean;
  isSpicy?: boolean;
  sortOrder: number;
};

export type SampleCertificate = {
  certifyingBody: 'hmc' | 'hfa';
  certificateNumber: string;
  /** YYYY-MM-DD; HalalNosh approved it that day. */
  issuedOn: string;
  /** The last valid day (London calendar), YYYY-MM-DD. */
  expiresOn: string;
};

export type SampleRestaurant = {
  id: string;
  slug: string;
  brandName: string;
  branchName: string;
  city: 'London';
  cuisines: string[];
  /**
   * The branch's approved halal certificate, or null when it is self-declared. The demo database
   * seeds the same certificate; the offline fallback derives the badge from it with the same rule
   * (domain/halal-status.ts), so neither claims "Halal Verified" without one.
   */
  certificate: SampleCertificate | null;
  rating: number;
  etaMin: number;
  etaMax: number;
  deliveryFeeMinor: number;
  deliveryRadiusKm: number;
  isOpen: boolean;
  description: string;
  address: string;
  postcode: string;
  phone: string;
  lat: number;
  lng: number;
  imageUrl: string;
  logoUrl: string;
  menu: { title: string | null; items: SampleMenuItem[] }[];
};

export const SAMPLE_RESTAURANTS: SampleRestaurant[] = [
  {
    id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0100',
    slug: 'kervan-ocakbasi-dalston',
    brandName: 'Kervan Ocakbasi',
    branchName: 'Dalston',
    city: 'London',
    cuisines: ['Turkish', 'Mediterranean'],
    certificate: {
      certifyingBody: 'hmc',
      certificateNumber: 'HMC-240017',
      issuedOn: '2026-09-01',
      expiresOn: '2027-08-31',
    },
    rating: 4.7,
    etaMin: 25,
    etaMax: 40,
    deliveryFeeMinor: 249,
    deliveryRadiusKm: 4,
    isOpen: true,
    description:
      'A family-run ocakbasi where lamb and chicken are cooked over an open charcoal grill, served with fresh lavash and sumac onions.',
    address: '118 Kingsland High Street, London',
    postcode: 'E8 2PB',
    phone: '020 7946 0101',
    lat: 51.5478,
    lng: -0.0755,
    imageUrl: '/images/cuisines/turkish.webp',
    logoUrl: '/images/logo-placeholder.webp',
    menu: [
      {
        title: 'Meze',
        items: [
          {
            id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0101',
            name: 'Hummus',
            description: 'Chickpeas blended with tahini, lemon and garlic, finished with olive oil and paprika.',
            priceMinor: 550,
            category: 'Starters',
            isVegetarian: true,
            sortOrder: 1,
          },
        ],
      },
      {
        title: 'From the Ocakbasi',
        items: [
          {
            id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0102',
            name: 'Adana Kebab',
            description:
              'Hand-minced lamb with red pepper and chilli flakes on a wide skewer, with bulgur rice and salad.',
            priceMinor: 1450,
            category: 'Grills',
            isSpicy: true,
            sortOrder: 2,
          },
          {
            id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0103',
            name: 'Lamb Shish',
            description: 'Marinated lamb cubes grilled over charcoal, with rice, salad and grilled tomato.',
            priceMinor: 1595,
            category: 'Grills',
            sortOrder: 3,
          },
        ],
      },
      {
        title: 'Desserts',
        items: [
          {
            id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0104',
            name: 'Künefe',
            description: 'Shredded pastry baked around melting cheese, soaked in syrup and topped with pistachio.',
            priceMinor: 695,
            category: 'Desserts',
            isVegetarian: true,
            sortOrder: 4,
          },
        ],
      },
    ],
  },
  {
    id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0200',
    slug: 'cedar-charcoal-edgware-road',
    brandName: 'Cedar & Charcoal',
    branchName: 'Edgware Road',
    city: 'London',
    cuisines: ['Lebanese', 'Middle Eastern'],
    certificate: {
      certifyingBody: 'hfa',
      certificateNumber: 'HFA-240034',
      issuedOn: '2026-10-01',
      expiresOn: '2027-09-30',
    },
    rating: 4.6,
    etaMin: 30,
    etaMax: 45,
    deliveryFeeMinor: 349,
    deliveryRadiusKm: 5,
    isOpen: true,
    description: 'A Lebanese grill house on Edgware Road known for its mixed grills, fresh mezze and garlicky toum.',
    address: '182 Edgware Road, London',
    postcode: 'W2 2DS',
    phone: '020 7946 0102',
    lat: 51.5172,
    lng: -0.1675,
    imageUrl: '/images/cuisines/lebanese.webp',
    logoUrl: '/images/logo-placeholder.webp',
    menu: [
      {
        title: 'Mezze',
        items: [
          {
            id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0201',
            name: 'Fattoush',
            description:
              'Crisp lettuce, tomato, cucumber and radish with toasted bread and a sumac and pomegranate dressing.',
            priceMinor: 650,
            category: 'Salads',
            isVegetarian: true,
            sortOrder: 1,
          },
        ],
      },
      {
        title: 'Charcoal Grills',
        items: [
          {
            id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0202',
            name: 'Mixed Grill',
            description: 'Lamb kofta, shish taouk and lamb cubes with vermicelli rice, grilled vegetables and toum.',
            priceMinor: 1895,
            category: 'Grills',
            sortOrder: 2,
          },
          {
            id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0203',
            name: 'Chicken Shawarma Wrap',
            description: 'Slow-roasted chicken shawarma with garlic sauce, pickles and fries rolled in Lebanese bread.',
            priceMinor: 895,
            category: 'Wraps',
            sortOrder: 3,
          },
        ],
      },
    ],
  },
  {
    id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0300',
    slug: 'shalimar-karahi-house-whitechapel',
    brandName: 'Shalimar Karahi House',
    branchName: 'Whitechapel',
    city: 'London',
    cuisines: ['Pakistani', 'South Asian'],
    certificate: {
      certifyingBody: 'hmc',
      certificateNumber: 'HMC-240051',
      issuedOn: '2026-08-01',
      expiresOn: '2027-07-31',
    },
    rating: 4.5,
    etaMin: 35,
    etaMax: 50,
    deliveryFeeMinor: 199,
    deliveryRadiusKm: 3,
    isOpen: false,
    description:
      'A busy Punjabi karahi house cooking lamb and chicken karahi to order, with seekh kebabs straight from the tandoor.',
    address: '71 Whitechapel Road, London',
    postcode: 'E1 1DU',
    phone: '020 7946 0103',
    lat: 51.5176,
    lng: -0.0655,
    imageUrl: '/images/cuisines/pakistani.webp',
    logoUrl: '/images/logo-placeholder.webp',
    menu: [
      {
        title: null,
        items: [
          {
            id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0301',
            name: 'Seekh Kebab',
            description: 'Two spiced minced lamb skewers from the tandoor, with mint chutney and salad.',
            priceMinor: 650,
            category: 'Starters',
            isSpicy: true,
            sortOrder: 1,
          },
          {
            id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0302',
            name: 'Lamb Karahi',
            description: 'Lamb on the bone cooked in the karahi with tomato, ginger, green chilli and fresh coriander.',
            priceMinor: 1395,
            category: 'Mains',
            isSpicy: true,
            sortOrder: 2,
          },
          {
            id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0303',
            name: 'Garlic Naan',
            description: 'Tandoor-baked naan brushed with garlic butter.',
            priceMinor: 295,
            category: 'Sides',
            isVegetarian: true,
            sortOrder: 3,
          },
        ],
      },
    ],
  },
  {
    id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0400',
    slug: 'riad-tagine-kitchen-golborne-road',
    brandName: 'Riad Tagine Kitchen',
    branchName: 'Golborne Road',
    city: 'London',
    cuisines: ['Moroccan', 'North African'],
    certificate: {
      certifyingBody: 'hfa',
      certificateNumber: 'HFA-240068',
      issuedOn: '2026-07-01',
      expiresOn: '2027-06-30',
    },
    rating: 4.8,
    etaMin: 35,
    etaMax: 50,
    deliveryFeeMinor: 399,
    deliveryRadiusKm: 6,
    isOpen: true,
    description:
      "Slow-cooked tagines and hand-rolled couscous from a small kitchen in North Kensington's Little Morocco.",
    address: '49 Golborne Road, London',
    postcode: 'W10 5NR',
    phone: '020 7946 0104',
    lat: 51.5224,
    lng: -0.2066,
    imageUrl: '/images/cuisines/moroccan.webp',
    logoUrl: '/images/logo-placeholder.webp',
    menu: [
      {
        title: 'Starters',
        items: [
          {
            id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0401',
            name: 'Harira',
            description: 'Tomato, lentil and chickpea soup with lamb, fresh herbs and a squeeze of lemon.',
            priceMinor: 595,
            category: 'Starters',
            sortOrder: 1,
          },
        ],
      },
      {
        title: 'Tagines & Couscous',
        items: [
          {
            id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0402',
            name: 'Lamb & Prune Tagine',
            description: 'Lamb shoulder slow-cooked with prunes, honey, cinnamon and toasted almonds.',
            priceMinor: 1650,
            category: 'Tagines',
            sortOrder: 2,
          },
          {
            id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0403',
            name: 'Seven Vegetable Couscous',
            description:
              'Steamed couscous with a broth of carrot, courgette, turnip, pumpkin, cabbage, chickpeas and raisins.',
            priceMinor: 1250,
            category: 'Couscous',
            isVegetarian: true,
            sortOrder: 3,
          },
        ],
      },
      {
        title: 'Drinks',
        items: [
          {
            id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0404',
            name: 'Moroccan Mint Tea',
            description: 'Green tea brewed with fresh mint and sugar, poured from a height.',
            priceMinor: 295,
            category: 'Drinks',
            isVegetarian: true,
            sortOrder: 4,
          },
        ],
      },
    ],
  },
  {
    id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0500',
    slug: 'tiffin-tandoor-tooting',
    brandName: 'Tiffin & Tandoor',
    branchName: 'Tooting',
    city: 'London',
    cuisines: ['Indian', 'South Asian'],
    certificate: {
      certifyingBody: 'hmc',
      certificateNumber: 'HMC-240085',
      issuedOn: '2026-10-01',
      expiresOn: '2027-09-30',
    },
    rating: 4.4,
    etaMin: 30,
    etaMax: 45,
    deliveryFeeMinor: 299,
    deliveryRadiusKm: 5,
    isOpen: true,
    description:
      'North Indian curries and tandoori dishes on Upper Tooting Road, cooked fresh with whole spices ground in-house.',
    address: '156 Upper Tooting Road, London',
    postcode: 'SW17 7ER',
    phone: '020 7946 0105',
    lat: 51.4339,
    lng: -0.1667,
    imageUrl: '/images/cuisines/indian.webp',
    logoUrl: '/images/logo-placeholder.webp',
    menu: [
      {
        title: 'Tandoor & Curries',
        items: [
          {
            id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0501',
            name: 'Paneer Tikka',
            description: 'Cubes of paneer, pepper and onion marinated in spiced yoghurt and charred in the tandoor.',
            priceMinor: 795,
            category: 'Starters',
            isVegetarian: true,
            sortOrder: 1,
          },
          {
            id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0502',
            name: 'Butter Chicken',
            description: 'Tandoori chicken simmered in a mild tomato, butter and fenugreek sauce.',
            priceMinor: 1195,
            category: 'Mains',
            sortOrder: 2,
          },
        ],
      },
      {
        title: 'Drinks',
        items: [
          {
            id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0503',
            name: 'Mango Lassi',
            description: 'Alphonso mango blended with yoghurt and a pinch of cardamom.',
            priceMinor: 350,
            category: 'Drinks',
            isVegetarian: true,
            sortOrder: 3,
          },
        ],
      },
    ],
  },
  {
    id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0600',
    slug: 'zaatar-olive-shepherd-s-bush',
    brandName: 'Zaatar & Olive',
    branchName: "Shepherd's Bush",
    city: 'London',
    cuisines: ['Middle Eastern', 'Mediterranean'],
    certificate: null,
    rating: 4.3,
    etaMin: 20,
    etaMax: 35,
    deliveryFeeMinor: 449,
    deliveryRadiusKm: 4,
    isOpen: true,
    description:
      'A Levantine bakery and café baking manakish and falafel wraps to order from a stone oven on Uxbridge Road.',
    address: '38 Uxbridge Road, London',
    postcode: 'W12 8LR',
    phone: '020 7946 0106',
    lat: 51.5047,
    lng: -0.2253,
    imageUrl: '/images/cuisines/middle-eastern.webp',
    logoUrl: '/images/logo-placeholder.webp',
    menu: [
      {
        title: null,
        items: [
          {
            id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0601',
            name: "Za'atar Manakish",
            description: "Flatbread baked with za'atar, sesame and olive oil, with tomato, cucumber and mint.",
            priceMinor: 450,
            category: 'Breakfast',
            isVegetarian: true,
            sortOrder: 1,
          },
          {
            id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0602',
            name: 'Falafel Wrap',
            description: 'Freshly fried falafel with tahini, pickled turnip, parsley and tomato in Arabic bread.',
            priceMinor: 695,
            category: 'Wraps',
            isVegetarian: true,
            sortOrder: 2,
          },
        ],
      },
    ],
  },
  {
    id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0700',
    slug: 'sultan-s-table-green-lanes',
    brandName: "Sultan's Table",
    branchName: 'Green Lanes',
    city: 'London',
    cuisines: ['Mediterranean', 'Turkish'],
    certificate: {
      certifyingBody: 'hfa',
      certificateNumber: 'HFA-240102',
      issuedOn: '2026-06-01',
      expiresOn: '2027-05-31',
    },
    rating: 4.6,
    etaMin: 25,
    etaMax: 40,
    deliveryFeeMinor: 279,
    deliveryRadiusKm: 5,
    isOpen: true,
    description: 'An all-day Green Lanes favourite for Turkish breakfasts, charcoal wraps and house-made baklava.',
    address: '459 Green Lanes, London',
    postcode: 'N4 1HE',
    phone: '020 7946 0107',
    lat: 51.5808,
    lng: -0.0985,
    imageUrl: '/images/cuisines/mediterranean.webp',
    logoUrl: '/images/logo-placeholder.webp',
    menu: [
      {
        title: 'All Day',
        items: [
          {
            id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0701',
            name: 'Turkish Breakfast',
            description: 'Fried eggs, white cheese, olives, tomato, cucumber, honey, kaymak and a fresh simit.',
            priceMinor: 1195,
            category: 'Breakfast',
            isVegetarian: true,
            sortOrder: 1,
          },
          {
            id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0702',
            name: 'Beyti Wrap',
            description: 'Chargrilled minced lamb wrapped in lavash with yoghurt and tomato sauce.',
            priceMinor: 1095,
            category: 'Wraps',
            isSpicy: true,
            sortOrder: 2,
          },
          {
            id: '5e2d7b1a-0c4e-4b71-9a0c-5e2d7b1a0703',
            name: 'Pistachio Baklava',
            description: 'Four pieces of filo layered with Antep pistachio and light syrup.',
            priceMinor: 595,
            category: 'Desserts',
            isVegetarian: true,
            sortOrder: 3,
          },
        ],
      },
    ],
  },
];
