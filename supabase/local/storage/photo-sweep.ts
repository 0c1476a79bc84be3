// The sweep is the functions' code (functions/photo-sweep runs it on hosted); the local housekeeping runs the same one.
export {
  photosPerSweep,
  type PhotoSweep,
  sweepOrphanedPhotos,
  sweepPhotoBatch,
  type SweepStorage,
} from "../../../shared/storage/photo-sweep.ts";
