import * as RadixTabs from "@radix-ui/react-tabs";
import type { HTMLAttributes, ReactNode } from "react";

export interface TabOption<V extends string> {
  value: V;
  label: string;
}

/**
 * Console tabs on Radix: a tablist whose tabs control real tab panels (aria-controls), moved between with the
 * arrow keys, Home and End; moving also selects. Wrap the list and the panels, which may sit apart.
 */
export function Tabs<V extends string>({
  value,
  onChange,
  as: Element = "div",
  children,
  ...box
}: {
  value: V;
  onChange: (value: V) => void;
  /** The element that holds the tabs (a section can be the root itself). */
  as?: "div" | "section";
  children: ReactNode;
} & Omit<HTMLAttributes<HTMLElement>, "onChange" | "defaultValue">) {
  return (
    <RadixTabs.Root value={value} onValueChange={(next) => onChange(next as V)} asChild>
      <Element {...box}>{children}</Element>
    </RadixTabs.Root>
  );
}

/** The row of tabs, styled as the console's segmented control. */
export function TabList<V extends string>({
  label,
  options,
  className = "",
}: {
  /** The accessible name of the tablist. */
  label: string;
  options: readonly TabOption<V>[];
  className?: string;
}) {
  return (
    <RadixTabs.List
      aria-label={label}
      className={`inline-flex max-w-full flex-wrap rounded-lg border border-slate-300 p-1 ${className}`}
    >
      {options.map((option) => (
        <RadixTabs.Trigger
          key={option.value}
          value={option.value}
          className="rounded-md px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-100 data-[state=active]:bg-navy-900 data-[state=active]:text-white"
        >
          {option.label}
        </RadixTabs.Trigger>
      ))}
    </RadixTabs.List>
  );
}

/**
 * One panel per tab, so every tab's aria-controls names an element; only the active panel renders `children`
 * (the others stay empty and hidden).
 */
export function TabPanels<V extends string>({
  options,
  value,
  children,
  className,
}: {
  options: readonly TabOption<V>[];
  value: V;
  children: ReactNode;
  className?: string;
}) {
  return options.map((option) => (
    <RadixTabs.Content
      key={option.value}
      value={option.value}
      forceMount
      // Radix shows a force-mounted panel; only the active one may be.
      hidden={option.value !== value}
      // Focus goes to the panel's own controls, not the panel box, when tabbing out of the list.
      tabIndex={-1}
      className={className}
    >
      {option.value === value ? children : null}
    </RadixTabs.Content>
  ));
}
