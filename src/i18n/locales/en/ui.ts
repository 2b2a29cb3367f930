import admin from './admin.json'
import dashboard from './dashboard.json'
import desktop from './desktop.json'
import equipment from './equipment.json'
import insights from './insights.json'
import sharing from './sharing.json'
import sports from './sports.json'
import statistics from './statistics.json'
import workouts from './workouts.json'
import { visitorTranslation } from './visitor'

/** The English interface texts (one module per language, so the UI loads only the one it shows). */
export const translation = { ...visitorTranslation, admin, dashboard, desktop, equipment, insights, sharing, sports, statistics, workouts }
