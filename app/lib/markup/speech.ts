// A formula as a line of words ("V sub max over 2"), for the one place MathML alone leaves a gap: a formula that
// is the whole label of a form control (an option's radio button). Browsers do not name a control from the MathML
// inside its label, so such a formula carries this text as its aria-label. It walks the MathML temml wrote (read back
// into a tree by htmlparser2, the parser sanitize-html uses); it reads no LaTeX itself.
import { DomUtils, parseDOM } from 'htmlparser2'

/** A node of a MathML tree: an element (type, attributes, children) or a text node (text). */
export type MathTreeNode = {
  type?: string
  text?: string
  children?: MathTreeNode[]
  attributes?: Record<string, string>
}

const SINGLE_LETTER = /^[A-Za-z]$/
// Sums, products and integrals read their limits as a range.
const LARGE_OPERATOR = /^[∑∏∐∫∬∭∮⋃⋂⋁⋀]$/

function kids(node: MathTreeNode): string[] {
  return (node.children ?? []).map(speak)
}

/** Children read in order; single letters run together ("max", not "m a x"). */
function run(node: MathTreeNode): string {
  let out = ''
  let lastLetter = false
  for (const child of node.children ?? []) {
    const text = speak(child).trim()
    if (!text) continue
    const letter = child.type === 'mi' && SINGLE_LETTER.test(text)
    out += out && !(letter && lastLetter) ? ` ${text}` : text
    lastLetter = letter
  }
  return out
}

function speak(node: MathTreeNode): string {
  if (node.text !== undefined && !node.children?.length) return node.text
  const [a = '', b = '', c = ''] = kids(node).map((s) => s.trim())
  switch (node.type) {
    case 'mi':
    case 'mn':
    case 'mo':
    case 'mtext':
    case 'ms':
      return (node.children ?? []).map(speak).join('')
    case 'mspace':
    case 'mphantom':
    case 'none':
    case 'mprescripts':
      return ' '
    case 'mfrac':
      return /^0/.test(node.attributes?.linethickness ?? '') ? `${a} choose ${b}` : `${a} over ${b}`
    case 'msqrt':
      return `square root of ${run(node)}`
    case 'mroot':
      return `root ${b} of ${a}`
    case 'msub':
      return `${a} sub ${b}`
    case 'msup':
      return `${a} to the power ${b}`
    case 'msubsup':
      return LARGE_OPERATOR.test(a) ? `${a} from ${b} to ${c}` : `${a} sub ${b} to the power ${c}`
    case 'munderover':
      return `${a} from ${b} to ${c}`
    case 'mtable':
      return (node.children ?? []).map((row) => kids(row).join(', ')).join('; ')
    default:
      return run(node)
  }
}

type DomNode = ReturnType<typeof parseDOM>[number]

function fromDom(node: DomNode): MathTreeNode {
  if (DomUtils.isText(node)) return { text: node.data }
  if (!DomUtils.isTag(node)) return { text: '' }
  return { type: node.name, attributes: node.attribs, children: node.children.map(fromDom) }
}

/** The tree of one formula's MathML markup (temml's renderToString), entities decoded. */
export function mathTree(markup: string): MathTreeNode {
  const nodes = parseDOM(markup, { decodeEntities: true, lowerCaseTags: true })
  return nodes.length === 1 ? fromDom(nodes[0]!) : { children: nodes.map(fromDom) }
}

/** The formula as words, whitespace collapsed. */
export function mathSpeech(tree: MathTreeNode): string {
  // Invisible operators (function application, invisible times) say nothing.
  return speak(tree)
    .replace(/[\u2061-\u2064]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
}
