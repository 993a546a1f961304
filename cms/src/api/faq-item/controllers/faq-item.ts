import { publishedOnlyController } from '../../../published-only-controller';

export default publishedOnlyController('api::faq-item.faq-item');
