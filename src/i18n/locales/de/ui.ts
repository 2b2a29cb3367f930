import about from './about.json'
import admin from './admin.json'
import api from './api.json'
import common from './common.json'
import dashboard from './dashboard.json'
import desktop from './desktop.json'
import equipment from './equipment.json'
import insights from './insights.json'
import sharing from './sharing.json'
import sports from './sports.json'
import statistics from './statistics.json'
import user from './user.json'
import workouts from './workouts.json'

/** The German interface texts (one module per language, so the UI loads only the one it shows). */
export const translation = { about, admin, api, common, dashboard, desktop, equipment, insights, sharing, sports, statistics, user, workouts }
