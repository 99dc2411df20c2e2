/**
 * The React API the widget uses, implemented by Preact. The build aliases `react` and `react-dom` to
 * this module instead of the whole `preact/compat`: with Preact 11, compat alone costs ≈ 1 KB of the
 * 10 KB gzipped budget (9.97 KB total with it, 8.95 KB without; see docs/decisions/031). Anything
 * imported from "react" in widget/src must be re-exported here — the build fails otherwise.
 */
export { Component, createElement, Fragment, render } from "preact";
export { useEffect, useReducer, useState } from "preact/hooks";
