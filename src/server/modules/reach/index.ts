// The reach module's public surface: the dispatch-by-distance rule in SQL, shared by the jobs
// board, the live events and the notification fan-out (docs/decisions/0158-dispatch-by-distance.md).
export { driversInReach } from './drivers-in-reach';
export {
  at,
  boardPositionFreshSql,
  driverCentreSql,
  driverJobMilesSql,
  driverSeesJobSql,
  jobOnBoardSql,
  milesBetween,
  reachMilesSql,
} from './reach-sql';
export { announceJob } from './announce-job';
