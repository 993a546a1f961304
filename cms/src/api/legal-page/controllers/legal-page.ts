import { publishedOnlyController } from '../../../published-only-controller';

export default publishedOnlyController('api::legal-page.legal-page');
