import { publishedOnlyController } from '../../../published-only-controller';

export default publishedOnlyController('api::testimonial.testimonial');
