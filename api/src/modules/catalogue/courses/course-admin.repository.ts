import { Injectable } from '@nestjs/common';
import { Repository } from '../../../database/transactions.js';
import { ItemRows } from '../admin/item-rows.js';
import { OrderedRows, orderedTable } from '../admin/ordered-rows.js';
import { courseClasses, courses } from '../../../database/tables/courses.table.js';

/** The admin's writes and full reads of courses and their classes. */
@Injectable()
export class CourseAdminRepository extends Repository {
  readonly items = new ItemRows(() => this.db, courses);
  readonly classes = new OrderedRows(
    () => this.db,
    orderedTable(courseClasses, courseClasses.courseId),
    (values) => values.courseId,
  );
}
