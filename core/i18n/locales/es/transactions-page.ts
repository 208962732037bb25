import type { Widen } from "../en";
import type { transactionsPage as english } from "../en/transactions-page";

export const transactionsPage: Widen<typeof english> = {
  recentImports: {
    recentTitle: "Importaciones recientes",
    recentHint: "¿Importaste el archivo equivocado, o en la cuenta equivocada? Deshacer quita los movimientos que agregó una importación y que siguen aquí. Los movimientos que agregaste tú y las demás importaciones se quedan.",
    noFileName: "Un archivo sin nombre",
    latest: "Recién importado",
    rows_one: "{{count}} movimiento",
    rows_other: "{{count}} movimientos",
    rowsLeft_one: "queda {{count}} de ellos",
    rowsLeft_other: "quedan {{count}} de ellos",
    undo: "Deshacer…",
    undoLabel: "Deshacer la importación de {{file}} ({{when}})",
    undoQuestion_one: "¿Quitar el {{count}} movimiento que agregó la importación de {{file}} ({{when}}), con su foto de comprobante si la tiene? No se puede deshacer.",
    undoQuestion_other: "¿Quitar los {{count}} movimientos que agregó la importación de {{file}} ({{when}}), con las fotos de comprobantes que tengan? No se puede deshacer.",
    undoLaterImports: "Una importación posterior pudo omitir algunos de ellos como duplicados. Para recuperarlos, vuelve a importar ese archivo después.",
    undoConfirm: "Deshacer la importación",
  },
  transferLeg: {
    sameCurrency: "Un lado de una transferencia con {{account}}: una nueva fecha o un nuevo monto cambian también el otro lado.",
    otherCurrency: "Un lado de una transferencia con {{account}}: una nueva fecha cambia también el otro lado. El monto de ese lado, en {{currency}}, se edita en la página de esa cuenta.",
  },
  toast: {
    importUndone: "Importación deshecha: se quitaron los movimientos que agregó.",
    importUndoneAlready: "Esa importación ya se había deshecho (en otra pestaña o en otro dispositivo).",
  },
};
