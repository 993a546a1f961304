import { tagsToRevalidate } from './revalidation';

describe('tagsToRevalidate', () => {
  it.each([
    [{ event: 'entry.publish', model: 'faq-item' }, ['cms:faq-item']],
    [{ event: 'entry.unpublish', model: 'blog-post' }, ['cms:blog-post']],
    [{ event: 'entry.update', model: 'legal-page' }, ['cms:legal-page']],
    [{ event: 'entry.delete', model: 'testimonial' }, ['cms:testimonial']],
    [{ event: 'entry.unpublish', model: 'review' }, ['cms:review']],
    [{ event: 'entry.create', model: 'chapter' }, ['cms:chapter']],
    [{ event: 'media.update' }, ['cms']],
  ])('refreshes %j as %j', (payload, tags) => {
    expect(tagsToRevalidate(payload)).toEqual(tags);
  });

  it.each([
    [{ event: 'entry.publish', model: 'user' }],
    [{ event: 'entry.publish' }],
    [{ event: 'review-workflows.updateEntryStage', model: 'blog-post' }],
  ])('refreshes nothing for %j', (payload) => {
    expect(tagsToRevalidate(payload)).toEqual([]);
  });
});
