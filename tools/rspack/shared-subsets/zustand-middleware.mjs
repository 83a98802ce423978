// The part of zustand/middleware every app shares (see README.md in this folder).
export { createJSONStorage, persist } from 'circo-original/zustand/middleware';
