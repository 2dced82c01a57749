// The helper types the Supabase CLI appends to its generated file, so a row type reads `Tables<"projects">` (a
// table or a view of the default schema) or `Tables<{ schema: "x" }, "t">`, and likewise TablesInsert<>,
// TablesUpdate<>, Enums<> and CompositeTypes<>.
const lookup = (helper: string, section: string, nameParam: string, optionsParam: string, body: string) => `export type ${helper}<
  ${optionsParam} extends
    | keyof DefaultSchema["${section}"]
    | { schema: keyof DatabaseWithoutInternals },
  ${nameParam} extends ${optionsParam} extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[${optionsParam}["schema"]]["${section}"]
    : never = never,
> = ${optionsParam} extends {
  schema: keyof DatabaseWithoutInternals
}
${body}`;

const member = (section: string, options: string, name: string, field: string, letter: string) =>
  `  ? DatabaseWithoutInternals[${options}["schema"]]["${section}"][${name}] extends {
      ${field}: infer ${letter}
    }
    ? ${letter}
    : never
  : ${options} extends keyof DefaultSchema["${section}"]
    ? DefaultSchema["${section}"][${options}] extends {
        ${field}: infer ${letter}
      }
      ? ${letter}
      : never
    : never`;

const direct = (section: string, options: string, name: string) =>
  `  ? DatabaseWithoutInternals[${options}["schema"]]["${section}"][${name}]
  : ${options} extends keyof DefaultSchema["${section}"]
    ? DefaultSchema["${section}"][${options}]
    : never`;

const T = 'DefaultSchemaTableNameOrOptions';

export const HELPERS = `
type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  ${T} extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends ${T} extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[${T}["schema"]]["Tables"] &
        DatabaseWithoutInternals[${T}["schema"]]["Views"])
    : never = never,
> = ${T} extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[${T}["schema"]]["Tables"] &
      DatabaseWithoutInternals[${T}["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : ${T} extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[${T}] extends {
        Row: infer R
      }
      ? R
      : never
    : never

${lookup('TablesInsert', 'Tables', 'TableName', T, member('Tables', T, 'TableName', 'Insert', 'I'))}

${lookup('TablesUpdate', 'Tables', 'TableName', T, member('Tables', T, 'TableName', 'Update', 'U'))}

${lookup('Enums', 'Enums', 'EnumName', 'DefaultSchemaEnumNameOrOptions', direct('Enums', 'DefaultSchemaEnumNameOrOptions', 'EnumName'))}

${lookup(
  'CompositeTypes',
  'CompositeTypes',
  'CompositeTypeName',
  'PublicCompositeTypeNameOrOptions',
  direct('CompositeTypes', 'PublicCompositeTypeNameOrOptions', 'CompositeTypeName'),
)}
`;
