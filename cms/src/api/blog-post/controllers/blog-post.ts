import { publishedOnlyController } from '../../../published-only-controller';

export default publishedOnlyController('api::blog-post.blog-post');
