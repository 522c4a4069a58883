/**
 * The sandbox's organisations and places: West Yorkshire utilities and highway authorities,
 * with real street names and British National Grid positions near each town. The promoters
 * and contractor are invented; the swa_codes are the sandbox's own.
 */
import type { ActivityType } from '../../shared/enums.js';

export type Trade = 'water' | 'gas' | 'telecoms';

export interface PromoterDefinition {
  name: string;
  swaCode: string;
  /** Leading letters of the promoter's work references. */
  initials: string;
  trade: Trade;
  workstreams: { prefix: string; description: string }[];
}

export interface StreetDefinition {
  street: string;
  area: string;
  town: string;
  usrn: number;
  roadCategory: number;
  /** Easting and northing (EPSG:27700) of a point on the street. */
  at: [number, number];
}

export interface AuthorityDefinition {
  name: string;
  swaCode: string;
  streets: StreetDefinition[];
}

export const sandboxPromoters: PromoterDefinition[] = [
  {
    name: 'Northern Water',
    swaCode: '7001',
    initials: 'NW',
    trade: 'water',
    workstreams: [
      { prefix: '001', description: 'Leakage programme' },
      { prefix: '002', description: 'Lead pipe replacement' },
    ],
  },
  {
    name: 'Pennine Gas Networks',
    swaCode: '7002',
    initials: 'PG',
    trade: 'gas',
    workstreams: [{ prefix: '001', description: 'Iron mains replacement' }],
  },
  {
    name: 'Aire Valley Fibre',
    swaCode: '7003',
    initials: 'AV',
    trade: 'telecoms',
    workstreams: [{ prefix: '001', description: 'Full fibre build' }],
  },
];

export const sandboxAuthorities: AuthorityDefinition[] = [
  {
    name: 'Leeds City Council',
    swaCode: '4720',
    streets: [
      {
        street: 'Otley Road',
        area: 'Headingley',
        town: 'Leeds',
        usrn: 72600341,
        roadCategory: 1,
        at: [427620, 436450],
      },
      {
        street: 'Harrogate Road',
        area: 'Chapel Allerton',
        town: 'Leeds',
        usrn: 72601190,
        roadCategory: 2,
        at: [430480, 437620],
      },
      {
        street: 'Kirkstall Road',
        area: 'Kirkstall',
        town: 'Leeds',
        usrn: 72603355,
        roadCategory: 1,
        at: [427480, 434560],
      },
      {
        street: 'Roundhay Road',
        area: 'Harehills',
        town: 'Leeds',
        usrn: 72604512,
        roadCategory: 2,
        at: [431920, 435210],
      },
      {
        street: 'Dewsbury Road',
        area: 'Beeston',
        town: 'Leeds',
        usrn: 72605028,
        roadCategory: 2,
        at: [429730, 431140],
      },
      { street: 'Street Lane', area: 'Roundhay', town: 'Leeds', usrn: 72607763, roadCategory: 3, at: [431560, 438480] },
      { street: 'Town Street', area: 'Armley', town: 'Leeds', usrn: 72608120, roadCategory: 3, at: [427190, 433640] },
      {
        street: 'The Headrow',
        area: 'City Centre',
        town: 'Leeds',
        usrn: 72609001,
        roadCategory: 2,
        at: [429920, 433870],
      },
      {
        street: 'Woodhouse Lane',
        area: 'Woodhouse',
        town: 'Leeds',
        usrn: 72609455,
        roadCategory: 2,
        at: [429480, 434620],
      },
    ],
  },
  {
    name: 'Bradford Metropolitan District Council',
    swaCode: '4705',
    streets: [
      {
        street: 'Manningham Lane',
        area: 'Manningham',
        town: 'Bradford',
        usrn: 47001872,
        roadCategory: 2,
        at: [415480, 434310],
      },
      {
        street: 'Leeds Road',
        area: 'Thornbury',
        town: 'Bradford',
        usrn: 47002310,
        roadCategory: 1,
        at: [418830, 433120],
      },
      {
        street: 'Thornton Road',
        area: 'City',
        town: 'Bradford',
        usrn: 47003456,
        roadCategory: 2,
        at: [414990, 432950],
      },
      {
        street: 'Cavendish Street',
        area: 'Town Centre',
        town: 'Keighley',
        usrn: 47005120,
        roadCategory: 3,
        at: [406130, 441160],
      },
      {
        street: 'Bingley Road',
        area: 'Saltaire',
        town: 'Shipley',
        usrn: 47006033,
        roadCategory: 2,
        at: [413830, 437660],
      },
      {
        street: 'Brook Street',
        area: 'Town Centre',
        town: 'Ilkley',
        usrn: 47007241,
        roadCategory: 3,
        at: [411620, 447790],
      },
    ],
  },
  {
    name: 'Wakefield Council',
    swaCode: '4725',
    streets: [
      {
        street: 'Westgate',
        area: 'City Centre',
        town: 'Wakefield',
        usrn: 47251102,
        roadCategory: 2,
        at: [432960, 420780],
      },
      {
        street: 'Kirkgate',
        area: 'City Centre',
        town: 'Wakefield',
        usrn: 47251187,
        roadCategory: 2,
        at: [433560, 420390],
      },
      {
        street: 'Denby Dale Road',
        area: 'Thornes',
        town: 'Wakefield',
        usrn: 47252230,
        roadCategory: 1,
        at: [432480, 419620],
      },
      {
        street: 'Ropergate',
        area: 'Town Centre',
        town: 'Pontefract',
        usrn: 47254016,
        roadCategory: 3,
        at: [445610, 421910],
      },
      {
        street: 'Carlton Street',
        area: 'Town Centre',
        town: 'Castleford',
        usrn: 47255320,
        roadCategory: 3,
        at: [442620, 425660],
      },
    ],
  },
];

export const sandboxContractor = {
  name: 'Kirkstall Civils Ltd',
  contractedPromoters: ['7001', '7002'],
};

export const workDescriptions: Record<Trade, string[]> = {
  water: [
    'Repair leak on 150mm cast iron water main',
    'Replace lead communication pipe',
    'New water service connection',
    'Renew stop tap and boundary box',
    'Repair burst on 6 inch main',
  ],
  gas: [
    'Replace low pressure gas service',
    'Repair gas escape on 125mm main',
    'Insert 180mm PE main into iron main',
    'Disconnect redundant gas service',
  ],
  telecoms: [
    'Lay fibre duct in footway',
    'Build new fibre chamber',
    'Repair damaged cable in carriageway',
    'Install new pole and overhead drop',
  ],
};

export const activityTypesByTrade: Record<Trade, ActivityType[]> = {
  water: ['utility_repair_and_maintenance_works', 'new_service_connection', 'utility_asset_works'],
  gas: ['utility_repair_and_maintenance_works', 'utility_asset_works', 'disconnection_or_alteration_of_supply'],
  telecoms: ['utility_asset_works', 'new_service_connection', 'utility_repair_and_maintenance_works'],
};
