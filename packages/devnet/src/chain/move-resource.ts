/** A Move resource as `resources/by_struct_tag` prints it inside `move_resource` (JSON text). */
export interface MoveResource {
  type: string;
  data: Record<string, unknown>;
}
