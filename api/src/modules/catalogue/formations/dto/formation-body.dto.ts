import { ItemBodyDto } from '../../admin/admin-bodies.dto.js';

/** POST /formations and PUT /formations/{id}: the full form (Spanish texts and image required). */
export class FormationBodyDto extends ItemBodyDto {}
