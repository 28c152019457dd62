export { publish, subscribe, type CompanyNews, type DomainEvent, type DomainEventMap, type DomainEventType, type Subscriber } from './events.service';
export { listDomainEventsOf } from './events.repository';
export type { EventsTables } from './events.tables';
