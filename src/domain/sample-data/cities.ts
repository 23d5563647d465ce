/** One entry of the UK city directory (docs/product/customer.md#cities). */
export type CityEntry = {
  name: string;
  slug: string;
  region: string;
  population: number;
  description: string;
  lat: number;
  lng: number;
  /** The main postcode area letters of the city centre. */
  postcodeArea: string;
  landmarks: string[];
};

/**
 * The 20 cities of the directory, London first.
 * Populations are local-authority usual residents, rounded to the nearest hundred: ONS Census 2021 for
 * England and Wales, and Scotland's Census 2022 (NRS) for Glasgow and Edinburgh, whose census ran a year later.
 */
export const UK_CITIES: CityEntry[] = [
  {
    name: 'London',
    slug: 'london',
    region: 'Greater London',
    population: 8_799_700,
    description:
      "The UK's biggest halal food scene, from Whitechapel karahi houses and Edgware Road Lebanese grills to the Turkish ocakbasi of Dalston and Green Lanes.",
    lat: 51.5074,
    lng: -0.1278,
    postcodeArea: 'EC',
    landmarks: ['Tower of London', 'British Museum', 'Tower Bridge', 'East London Mosque', 'Brick Lane'],
  },
  {
    name: 'Birmingham',
    slug: 'birmingham',
    region: 'West Midlands',
    population: 1_144_900,
    description:
      'Home of the balti, with the Balti Triangle around Ladypool Road and Stoney Lane packed with Pakistani and Kashmiri grills, dessert parlours and late-night takeaways.',
    lat: 52.4862,
    lng: -1.8904,
    postcodeArea: 'B',
    landmarks: ['Bullring', 'Library of Birmingham', 'Balti Triangle', 'Birmingham Central Mosque', 'Cadbury World'],
  },
  {
    name: 'Manchester',
    slug: 'manchester',
    region: 'North West',
    population: 551_900,
    description:
      "Rusholme's Curry Mile on Wilmslow Road is lined with halal grills, Middle Eastern cafés and dessert parlours, and Cheetham Hill adds Pakistani and Arab bakeries.",
    lat: 53.4808,
    lng: -2.2426,
    postcodeArea: 'M',
    landmarks: ['Curry Mile', 'Manchester Cathedral', 'John Rylands Library', 'Piccadilly Gardens', 'Old Trafford'],
  },
  {
    name: 'Leeds',
    slug: 'leeds',
    region: 'Yorkshire and the Humber',
    population: 812_000,
    description:
      'Halal dining clusters around Harehills, Hyde Park and the city centre, with Pakistani karahi, Kurdish grills and student-friendly shawarma spots.',
    lat: 53.8008,
    lng: -1.5491,
    postcodeArea: 'LS',
    landmarks: ['Leeds Kirkgate Market', 'Royal Armouries Museum', 'Roundhay Park', 'Leeds Town Hall'],
  },
  {
    name: 'Glasgow',
    slug: 'glasgow',
    region: 'Scotland',
    population: 622_800,
    description:
      "Scotland's largest halal food scene, centred on the South Side around Pollokshields and Victoria Road, with Punjabi curry houses, kebab shops and Syrian bakeries.",
    lat: 55.8642,
    lng: -4.2518,
    postcodeArea: 'G',
    landmarks: [
      'Glasgow Cathedral',
      'Kelvingrove Art Gallery and Museum',
      'George Square',
      'Glasgow Central Mosque',
      'Riverside Museum',
    ],
  },
  {
    name: 'Sheffield',
    slug: 'sheffield',
    region: 'Yorkshire and the Humber',
    population: 556_500,
    description:
      'London Road and Abbeydale Road are the heart of halal Sheffield, mixing Yemeni mandi, Pakistani grills and Middle Eastern cafés.',
    lat: 53.3811,
    lng: -1.4701,
    postcodeArea: 'S',
    landmarks: ['Peace Gardens', 'Winter Garden', 'Kelham Island Museum', 'Sheffield Botanical Gardens'],
  },
  {
    name: 'Bradford',
    slug: 'bradford',
    region: 'Yorkshire and the Humber',
    population: 546_400,
    description:
      'A former Curry Capital of Britain, with long-running Pakistani and Kashmiri restaurants along Leeds Road, Great Horton Road and Oak Lane.',
    lat: 53.796,
    lng: -1.7594,
    postcodeArea: 'BD',
    landmarks: ['National Science and Media Museum', 'City Park', 'Bradford City Hall', 'Lister Mills', 'Salts Mill'],
  },
  {
    name: 'Liverpool',
    slug: 'liverpool',
    region: 'North West',
    population: 486_100,
    description:
      'A smaller but growing halal scene around Smithdown Road, Lodge Lane and the universities, led by Yemeni, Arab and Turkish grills.',
    lat: 53.4084,
    lng: -2.9916,
    postcodeArea: 'L',
    landmarks: ['Royal Albert Dock', 'Royal Liver Building', 'Liverpool Cathedral', "St George's Hall", 'Anfield'],
  },
  {
    name: 'Edinburgh',
    slug: 'edinburgh',
    region: 'Scotland',
    population: 515_000,
    description:
      'Halal options gather around Nicolson Street, Leith Walk and the Southside near Edinburgh Central Mosque, with Turkish, Pakistani and Middle Eastern kitchens.',
    lat: 55.9533,
    lng: -3.1883,
    postcodeArea: 'EH',
    landmarks: [
      'Edinburgh Castle',
      'Royal Mile',
      "Arthur's Seat",
      'Palace of Holyroodhouse',
      'Edinburgh Central Mosque',
    ],
  },
  {
    name: 'Bristol',
    slug: 'bristol',
    region: 'South West',
    population: 472_500,
    description:
      'Stapleton Road and St Marks Road in Easton hold most of the halal kitchens, from Somali and Pakistani cafés to Turkish grills.',
    lat: 51.4545,
    lng: -2.5879,
    postcodeArea: 'BS',
    landmarks: ['Clifton Suspension Bridge', 'SS Great Britain', 'Bristol Cathedral', 'Cabot Circus'],
  },
  {
    name: 'Leicester',
    slug: 'leicester',
    region: 'East Midlands',
    population: 368_600,
    description:
      'Belgrave Road and Narborough Road offer Gujarati, Pakistani, Arab and Turkish food, with many halal grills and sweet centres.',
    lat: 52.6369,
    lng: -1.1398,
    postcodeArea: 'LE',
    landmarks: ['Golden Mile', 'King Richard III Visitor Centre', 'Leicester Cathedral', 'National Space Centre'],
  },
  {
    name: 'Coventry',
    slug: 'coventry',
    region: 'West Midlands',
    population: 345_300,
    description:
      'Foleshill Road is the main halal strip, with Pakistani and Indian restaurants plus student-led shawarma and grill spots near the city centre.',
    lat: 52.4068,
    lng: -1.5197,
    postcodeArea: 'CV',
    landmarks: [
      'Coventry Cathedral',
      'Coventry Transport Museum',
      'Lady Godiva statue',
      'Herbert Art Gallery and Museum',
    ],
  },
  {
    name: 'Nottingham',
    slug: 'nottingham',
    region: 'East Midlands',
    population: 323_600,
    description:
      'Alfreton Road, Hyson Green and Sneinton host most of the halal grills, Pakistani curry houses and Kurdish kebab shops.',
    lat: 52.9548,
    lng: -1.1581,
    postcodeArea: 'NG',
    landmarks: ['Nottingham Castle', 'Old Market Square', 'Wollaton Hall', 'Ye Olde Trip to Jerusalem'],
  },
  {
    name: 'Newcastle upon Tyne',
    slug: 'newcastle',
    region: 'North East',
    population: 300_200,
    description:
      'Westgate Road, Elswick and Shields Road have a compact halal scene of Pakistani, Bangladeshi, Kurdish and Turkish kitchens.',
    lat: 54.9783,
    lng: -1.6178,
    postcodeArea: 'NE',
    landmarks: ['Tyne Bridge', "Grey's Monument", "St James' Park", 'Newcastle Castle', 'Quayside'],
  },
  {
    name: 'Cardiff',
    slug: 'cardiff',
    region: 'Wales',
    population: 362_300,
    description:
      'City Road is Cardiff’s halal high street, with Lebanese, Turkish, Somali and Pakistani restaurants open late into the night.',
    lat: 51.4816,
    lng: -3.1791,
    postcodeArea: 'CF',
    landmarks: ['Cardiff Castle', 'Principality Stadium', 'Cardiff Bay', 'National Museum Cardiff'],
  },
  {
    name: 'Luton',
    slug: 'luton',
    region: 'East of England',
    population: 225_300,
    description:
      'Bury Park around Dunstable Road is one of the densest halal high streets outside London, strong on Pakistani grills and sweet shops.',
    lat: 51.8787,
    lng: -0.42,
    postcodeArea: 'LU',
    landmarks: ['Wardown House Museum', 'Luton Hoo', 'Stockwood Discovery Centre', 'Luton Town Hall'],
  },
  {
    name: 'Blackburn',
    slug: 'blackburn',
    region: 'North West',
    population: 154_700,
    description:
      'Whalley Range and Audley are known for Gujarati and Pakistani halal grills, dessert parlours and family-run takeaways.',
    lat: 53.7486,
    lng: -2.4877,
    postcodeArea: 'BB',
    landmarks: ['Blackburn Cathedral', "King George's Hall", 'Corporation Park', 'Blackburn Museum and Art Gallery'],
  },
  {
    name: 'Slough',
    slug: 'slough',
    region: 'South East',
    population: 158_500,
    description:
      'Halal grills and Pakistani and Afghan restaurants line the Farnham Road and Stoke Road, a short hop from the M4.',
    lat: 51.5105,
    lng: -0.595,
    postcodeArea: 'SL',
    landmarks: ['The Curve', 'Herschel Park', 'Upton Court Park', 'Salt Hill Park'],
  },
  {
    name: 'Oxford',
    slug: 'oxford',
    region: 'South East',
    population: 162_000,
    description:
      'Cowley Road is the main halal corridor, with Lebanese, Turkish, Moroccan and Pakistani spots serving students and families.',
    lat: 51.752,
    lng: -1.2577,
    postcodeArea: 'OX',
    landmarks: ['Radcliffe Camera', 'Bodleian Library', 'Ashmolean Museum', 'Christ Church', 'Covered Market'],
  },
  {
    name: 'Reading',
    slug: 'reading',
    region: 'South East',
    population: 174_200,
    description:
      'Oxford Road and the Cemetery Junction area hold a mix of Pakistani, Afghan and Turkish halal grills and takeaways.',
    lat: 51.4543,
    lng: -0.9781,
    postcodeArea: 'RG',
    landmarks: ['Forbury Gardens', 'Reading Abbey Ruins', 'The Oracle', 'Reading Museum'],
  },
];
