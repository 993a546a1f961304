import { refreshMemberFilePaths } from '../../member-files';

// Strapi runs these after every member resource row is written, draft or published, with its
// global `strapi` set: the files attached from now on answer the commerce service alone.
const refresh = () => refreshMemberFilePaths(strapi);

export default {
  afterCreate: refresh,
  afterCreateMany: refresh,
  afterUpdate: refresh,
  afterUpdateMany: refresh,
  afterDelete: refresh,
  afterDeleteMany: refresh,
};
