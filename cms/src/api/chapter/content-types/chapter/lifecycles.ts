import {
  assertChapterNumberFree,
  assertUpdatedChapterNumberFree,
  type ChapterWrite,
} from '../../one-chapter-per-number';

// Strapi runs these before every chapter row is written, with its global `strapi` set.
export default {
  beforeCreate: (event: ChapterWrite) => assertChapterNumberFree(strapi, event.params.data ?? {}),
  beforeUpdate: (event: ChapterWrite) => assertUpdatedChapterNumberFree(strapi, event),
};
