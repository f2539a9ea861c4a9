import { Anchor, type AnchorProps, Button, type ButtonProps, NavLink, type NavLinkProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

type A = AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> };

/** Mantine components as TanStack Router links (createLink, per the toolchain notes). */
export const RouterNavLink = createLink((props: NavLinkProps & A) => <NavLink component="a" {...props} />);
export const RouterButton = createLink((props: ButtonProps & A) => <Button component="a" {...props} />);
export const RouterAnchor = createLink((props: AnchorProps & A) => <Anchor {...props} />);
