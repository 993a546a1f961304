import { publishedOnlyController } from '../../../published-only-controller';

export default publishedOnlyController('api::chapter.chapter');
