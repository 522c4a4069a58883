// Redocly plugin of the event interface's documents. Its decorator runs when the documents are
// bundled (`redocly bundle`), so the published documents, the generated types and the docs site
// all carry what it adds, while the sources say it once.
//
// roles-in-description: appends each operation's `x-allowed-roles` to its description, so that
// readers of any tool (which ignore the extension) see who may call it.

/** @param {string[]} roles */
export function rolesSentence(roles) {
  return `**Allowed roles:** ${roles.join(', ')}. A user holding none of them is refused with \`403\`.`;
}

function rolesInDescription() {
  return {
    Operation: {
      /** @param {{ description?: string, 'x-allowed-roles'?: unknown }} operation */
      leave(operation) {
        const roles = operation['x-allowed-roles'];
        if (!Array.isArray(roles) || roles.length === 0) return;
        const sentence = rolesSentence(roles);
        if (operation.description?.includes(sentence)) return;
        operation.description = operation.description ? `${operation.description}\n\n${sentence}` : sentence;
      },
    },
  };
}

export default function streetEventsPlugin() {
  return {
    id: 'street-events',
    decorators: {
      oas3: {
        'roles-in-description': rolesInDescription,
      },
    },
  };
}
