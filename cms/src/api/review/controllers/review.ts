import { publishedOnlyController } from '../../../published-only-controller';

export default publishedOnlyController('api::review.review');
