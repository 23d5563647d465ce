// The whole schema as one object for Drizzle's relational queries and better-auth's adapter.
export * from './auth';
export * from './people';
export * from './catalog';
export * from './orders';
export * from './delivery';
export * from './backoffice';
export * from './halal';
export * from './push';
export * from './notifications';
export * from './favourites';
export * from './vouchers';
export * from './group-orders';
export * from './offers';
export * from './predictions';
