/**
 * The few bpmn-js services the screens use, typed as far as they use them: bpmn-js types its model objects as
 * `any`, and these narrow views keep that from spreading into the screens.
 */

/** A BPMN model object (moddle element) as the screens read it. */
export interface BusinessObject {
  id: string;
  $type: string;
  name?: string;
  isExecutable?: boolean;
  eventDefinitions?: BusinessObject[];
  conditionExpression?: BusinessObject | null;
  timeDuration?: BusinessObject | null;
  body?: string;
  participants?: (BusinessObject & { processRef?: BusinessObject })[];
  get: (name: string) => unknown;
}

/** A shape or connection of the canvas. */
export interface DiagramElement {
  id: string;
  type: string;
  businessObject: BusinessObject;
  labelTarget?: DiagramElement;
}

export interface CanvasService {
  getRootElement: () => DiagramElement;
  addMarker: (element: string | DiagramElement, marker: string) => void;
  removeMarker: (element: string | DiagramElement, marker: string) => void;
  zoom: (level: 'fit-viewport' | number, center?: 'auto') => number;
  resized: () => void;
  scrollToElement: (element: DiagramElement) => void;
}

export interface ElementRegistryService {
  get: (id: string) => DiagramElement | undefined;
}

export interface ModelingService {
  updateProperties: (element: DiagramElement, properties: Record<string, unknown>) => void;
  updateModdleProperties: (
    element: DiagramElement,
    target: BusinessObject,
    properties: Record<string, unknown>,
  ) => void;
}

export interface ModdleService {
  create: (type: string, attrs?: Record<string, unknown>) => BusinessObject;
}

export interface SelectionService {
  select: (element: DiagramElement | null) => void;
  get: () => DiagramElement[];
}

export interface OverlaysService {
  add: (
    element: string | DiagramElement,
    type: string,
    overlay: { position: Record<string, number>; html: HTMLElement | string },
  ) => string;
  remove: (filter: { type?: string; element?: string | DiagramElement }) => void;
}

export interface EventBusService {
  on: (events: string | string[], callback: (event: Record<string, unknown>) => void) => void;
  off: (events: string | string[], callback: (event: Record<string, unknown>) => void) => void;
}

export interface DirectEditingService {
  isActive: () => boolean;
  complete: () => void;
}

export interface ServiceMap {
  canvas: CanvasService;
  elementRegistry: ElementRegistryService;
  modeling: ModelingService;
  moddle: ModdleService;
  selection: SelectionService;
  overlays: OverlaysService;
  eventBus: EventBusService;
  directEditing: DirectEditingService;
}

/** What the screens need of a viewer or modeler: its services by name. */
export interface Diagram {
  get: <K extends keyof ServiceMap>(name: K) => ServiceMap[K];
}

/** The element the panel edits for a click on a label: the element the label belongs to. */
export function ownerOf(element: DiagramElement): DiagramElement {
  return element.labelTarget ?? element;
}

/** The typed services of a bpmn-js viewer or modeler. */
export function diagramOf(instance: { get: <T>(name: string) => T }): Diagram {
  return { get: (name) => instance.get(name) };
}
